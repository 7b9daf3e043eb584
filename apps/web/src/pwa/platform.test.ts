import { describe, expect, it } from 'vitest';
import { installPlatform, showsInstallEntry } from './platform';

const ua = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 13; TC52) AppleWebKit/537.36 Chrome/126.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 13; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0',
  opera: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/126.0.0.0 Mobile Safari/537.36 OPR/82.0',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15',
};
const p = (userAgent: string, over: { maxTouchPoints?: number; standalone?: boolean } = {}) => ({
  userAgent,
  maxTouchPoints: over.maxTouchPoints ?? 0,
  standalone: over.standalone ?? false,
});

describe('install platform (spec §2)', () => {
  it.each([
    ['an iPhone', p(ua.iphone), 'ios'],
    ['an iPad posing as a Mac', p(ua.ipad, { maxTouchPoints: 5 }), 'ios'],
    ['Chrome on a Zebra handheld', p(ua.android), 'chromium'],
    ['Firefox', p(ua.firefox), 'other'],
    ['Opera', p(ua.opera), 'other'],
    ['Safari on a Mac', p(ua.macSafari), 'other'],
  ])('recognises %s', (_, input, expected) => {
    expect(installPlatform(input)).toBe(expected);
  });

  it('trusts the Chromium brand when the browser reports one', () => {
    expect(installPlatform({ ...p('Mozilla/5.0'), brands: [{ brand: 'Chromium' }] })).toBe('chromium');
  });

  it('shows the menu entry only when not installed and on iOS or Chromium', () => {
    expect(showsInstallEntry(p(ua.android))).toBe(true);
    expect(showsInstallEntry(p(ua.iphone))).toBe(true);
    expect(showsInstallEntry(p(ua.android, { standalone: true }))).toBe(false);
    expect(showsInstallEntry(p(ua.firefox))).toBe(false);
  });
});
