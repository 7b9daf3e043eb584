import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushAvailability, pushDeviceId } from './push-keys';

describe('push keys', () => {
  it('decodes the base64url VAPID key to its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...applicationServerKey(encoded)]).toEqual([...bytes]);
  });

  it('keeps one device id per browser and replaces an unusable one', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const first = pushDeviceId(storage);
    expect(first).toMatch(/^push-[\w-]+$/);
    expect(pushDeviceId(storage)).toBe(first);
    store.set('mde.pushDeviceId', 'x y');
    expect(pushDeviceId(storage)).not.toBe('x y');
  });

  it('tells why push is not offered', () => {
    const base = {
      hasPushManager: true,
      hasNotification: true,
      permission: 'default' as const,
      hasServiceWorker: true,
    };
    expect(pushAvailability(base)).toBe('available');
    expect(pushAvailability({ ...base, hasPushManager: false })).toBe('unsupported');
    expect(pushAvailability({ ...base, permission: 'denied' })).toBe('denied');
    expect(pushAvailability({ ...base, hasServiceWorker: false })).toBe('no-service-worker');
  });
});
