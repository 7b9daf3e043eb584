import { describe, expect, it } from 'vitest';
import { platformDeviceName } from './device-name';

describe('platformDeviceName', () => {
  it('names a handheld by its kind, system and browser', () => {
    const pixel =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    expect(platformDeviceName(pixel)).toBe('Smartphone (Android 14) · Chrome');
    const zebra =
      'Mozilla/5.0 (Linux; Android 11; TC21 Build/11-49-09.00-RG-U00-STD-HEL-04) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
    expect(platformDeviceName(zebra)).toMatch(/\(Android 11\) · Chrome$/);
  });

  it('names a desktop by its kind and system, never longer than the server keeps', () => {
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    expect(platformDeviceName(windows)).toMatch(/^PC \(Windows/);
    expect(platformDeviceName('x'.repeat(500)).length).toBeLessThanOrEqual(60);
  });
});
