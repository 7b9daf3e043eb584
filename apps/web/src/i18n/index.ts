import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every file de/<namespace>.json is a namespace: features add text without touching this file.
// The shell's namespaces ship with the first script; the others (one per feature, the scanner, settings)
// are fetched when a screen first asks for them, so the login page does not carry every module's text.
const SHELL_NAMESPACES = ['common', 'auth', 'shell', 'pwa'];

const shellFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  ['./de/common.json', './de/auth.json', './de/shell.json', './de/pwa.json'],
  { eager: true },
);
// The shell's files are left out here: a file both bundled and fetched on demand would be bundled anyway, and
// vite says so at every build (INEFFECTIVE_DYNAMIC_IMPORT).
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './de/*.json',
  '!./de/common.json',
  '!./de/auth.json',
  '!./de/shell.json',
  '!./de/pwa.json',
]);

const namespaceOf = (file: string) => file.replace(/^\.\/de\//, '').replace(/\.json$/, '');

const de: Record<string, Record<string, unknown>> = {};
for (const [file, mod] of Object.entries(shellFiles)) de[namespaceOf(file)] = mod.default;
const resources: Resource = { de };

/** i18next backend that reads a namespace from its own chunk. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(_language, namespace, callback) {
    const load = lazyFiles[`./de/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18next
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: 'de',
    fallbackLng: 'de',
    defaultNS: 'common',
    ns: SHELL_NAMESPACES,
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Every namespace at once, for tests that render a screen without a Suspense boundary. */
export const loadAllNamespaces = () => i18next.loadNamespaces(Object.keys(lazyFiles).map(namespaceOf));

// Component tests render synchronously and expect German text at once.
if (import.meta.env.MODE === 'test') await loadAllNamespaces();

export const i18n = i18next;
