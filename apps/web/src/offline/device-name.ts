import Bowser from 'bowser';

// The name a device gives itself in the admin's list (docs/administration.md "Geräte"): its model where the
// browser tells it („iPad (iOS 17)“), else its kind and system („Smartphone (Android 14) · Chrome“), read from
// the user agent by a maintained parser. The admin may rename it; this is only what it calls itself.

const KIND: Record<string, string> = { mobile: 'Smartphone', tablet: 'Tablet', desktop: 'PC' };

export function platformDeviceName(userAgent: string): string {
  const { os, platform, browser } = Bowser.parse(userAgent);
  const system = [os.name, os.versionName ?? os.version?.split('.')[0]].filter(Boolean).join(' ');
  const model =
    platform.model ?? (platform.vendor === 'Apple' ? (platform.type === 'tablet' ? 'iPad' : undefined) : undefined);
  const kind = model ?? (platform.type ? (KIND[platform.type] ?? platform.type) : 'Gerät');
  const name = system ? `${kind} (${system})` : kind;
  return `${name}${browser.name ? ` · ${browser.name}` : ''}`.slice(0, 60);
}
