import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every file de/<namespace>.json is a namespace: features add text without touching this file.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./de/*.json', { eager: true });

const de: Record<string, Record<string, unknown>> = {};
for (const [file, mod] of Object.entries(files)) {
  const ns = file.replace(/^\.\/de\//, '').replace(/\.json$/, '');
  de[ns] = mod.default;
}
const resources: Resource = { de };

void i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  defaultNS: 'common',
  ns: Object.keys(de),
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;
