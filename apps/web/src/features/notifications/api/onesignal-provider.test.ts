// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneSignalProvider } from './onesignal-provider';
import { loadOneSignalSdk, type OneSignalSdk } from './onesignal-sdk';
import { providerFor } from './push-provider-choice';
import { webPushProvider } from './web-push-provider';

/** A stand-in for OneSignal's page SDK that records every call. */
function fakeSdk() {
  const calls: [string, ...unknown[]][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]): Promise<void> => {
      calls.push([name, ...args]);
    };
  const sync =
    <T = void>(name: string, answer?: T) =>
    (...args: unknown[]): T => {
      calls.push([name, ...args]);
      return answer as T;
    };
  const sdk = {
    init: record('init'),
    login: record('login'),
    logout: record('logout'),
    setConsentRequired: record('setConsentRequired'),
    setConsentGiven: record('setConsentGiven'),
    User: {
      externalId: '42',
      addTag: sync('addTag'),
      addTags: sync('addTags'),
      removeTag: sync('removeTag'),
      removeTags: sync('removeTags'),
      getTags: sync<Record<string, string>>('getTags', { filiale: '11' }),
      addEmail: sync('addEmail'),
      removeEmail: sync('removeEmail'),
      addSms: sync('addSms'),
      removeSms: sync('removeSms'),
      PushSubscription: { optedIn: false as boolean, optIn: record('optIn'), optOut: record('optOut') },
    },
    Slidedown: { promptPush: record('promptPush') },
    Notifications: { permission: false, requestPermission: record('requestPermission') },
    Session: { sendOutcome: record('sendOutcome'), sendUniqueOutcome: record('sendUniqueOutcome') },
  } satisfies OneSignalSdk;
  return { sdk, calls };
}

const CONFIG = { appId: 'app-1', sdkUrl: 'https://cdn.example.test/OneSignalSDK.page.js' };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('OneSignal provider', () => {
  it('loads the SDK from the configured URL and initialises it with app id, service worker and auto-resubscribe', async () => {
    const { sdk, calls } = fakeSdk();
    const load = vi.fn(async () => sdk);
    const provider = new OneSignalProvider(CONFIG, load);
    await provider.login(42);
    expect(load).toHaveBeenCalledWith(CONFIG.sdkUrl);
    expect(calls[0]).toEqual([
      'init',
      {
        appId: 'app-1',
        serviceWorkerPath: 'ngsw-worker.js',
        serviceWorkerParam: { scope: '/' },
        autoResubscribe: true,
      },
    ]);
    expect(calls[1]).toEqual(['login', '42']);
  });

  it('removes the external user id on logout and asks for permission through the SDK', async () => {
    const { sdk, calls } = fakeSdk();
    const provider = new OneSignalProvider(CONFIG, async () => sdk);
    await provider.enable();
    expect(await provider.isSubscribed()).toBe(false);
    sdk.User.PushSubscription.optedIn = true;
    expect(await provider.isSubscribed()).toBe(true);
    await provider.disable();
    await provider.logout();
    expect(calls.slice(1).map((c) => c[0])).toEqual(['requestPermission', 'optIn', 'optOut', 'logout']);
    expect(await provider.externalId()).toBe('42');
  });

  it('wraps tags, email, SMS, consent, the slidedown prompt and outcomes', async () => {
    const { sdk, calls } = fakeSdk();
    const provider = new OneSignalProvider(CONFIG, async () => sdk);
    await provider.addTags({ filiale: '11' });
    await provider.removeTags(['alt']);
    expect(await provider.tags()).toEqual({ filiale: '11' });
    await provider.addEmail('a@example.test');
    await provider.removeEmail('a@example.test');
    await provider.addSms('+4940123');
    await provider.removeSms('+4940123');
    await provider.setConsentRequired(true);
    await provider.setConsentGiven(true);
    await provider.promptSlidedown(true);
    await provider.sendOutcome('export', 2);
    await provider.sendUniqueOutcome('login');
    expect(calls.slice(1)).toEqual([
      ['addTags', { filiale: '11' }],
      ['removeTags', ['alt']],
      ['getTags'],
      ['addEmail', 'a@example.test'],
      ['removeEmail', 'a@example.test'],
      ['addSms', '+4940123'],
      ['removeSms', '+4940123'],
      ['setConsentRequired', true],
      ['setConsentGiven', true],
      ['promptPush', { force: true }],
      ['sendOutcome', 'export', 2],
      ['sendUniqueOutcome', 'login'],
    ]);
  });

  it('an SDK that never gets ready logs an error after the init timeout; calls after it do nothing', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const provider = new OneSignalProvider(CONFIG, () => new Promise<OneSignalSdk>(() => undefined), 5000);
    const login = provider.login(42);
    await vi.advanceTimersByTimeAsync(4999);
    expect(error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await login;
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Zeitüberschreitung'));
    expect(await provider.isSubscribed()).toBe(false);
    await expect(provider.enable()).rejects.toThrow();
  });

  it('an init the SDK refuses is logged and leaves the app working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sdk } = fakeSdk();
    sdk.init = async () => {
      throw new Error('bad app id');
    };
    const provider = new OneSignalProvider(CONFIG, async () => sdk);
    await provider.login(1);
    expect(error).toHaveBeenCalledWith('Push-Initialisierung fehlgeschlagen', expect.any(Error));
  });
});

describe('the SDK loader', () => {
  it('adds the script once and answers the SDK the script hands to the queued callbacks', async () => {
    const first = loadOneSignalSdk(CONFIG.sdkUrl);
    const second = loadOneSignalSdk(CONFIG.sdkUrl);
    const scripts = document.querySelectorAll('script[data-onesignal-sdk]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe(CONFIG.sdkUrl);
    // What OneSignal's script does once loaded: it runs the queued callbacks with itself.
    const { sdk } = fakeSdk();
    const queue = (window as unknown as { OneSignalDeferred: ((s: OneSignalSdk) => void)[] }).OneSignalDeferred;
    for (const callback of queue) callback(sdk);
    expect(await first).toBe(sdk);
    expect(await second).toBe(sdk);
  });
});

describe('provider choice', () => {
  it('is Web Push unless the server names OneSignal; Web Push loads no SDK', () => {
    expect(providerFor({ provider: 'webpush', publicKey: 'k' })).toBe(webPushProvider);
    expect(providerFor({ provider: 'onesignal', ...CONFIG })).toBeInstanceOf(OneSignalProvider);
  });
});
