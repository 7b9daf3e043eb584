import { loadOneSignalSdk, type OneSignalSdk } from './onesignal-sdk';
import { withInitTimeout } from './push';
import type { PushProvider } from './push-provider';

export interface OneSignalConfig {
  appId: string;
  sdkUrl: string;
}

/** The app's own service worker shows the pushes (it understands OneSignal's payload too). */
export const ONESIGNAL_SERVICE_WORKER = { path: 'ngsw-worker.js', scope: '/' } as const;

/**
 * OneSignal as the push provider: the page SDK is loaded and initialised with the app id, the service
 * worker's path and auto-resubscribe (docs/spec.md §9). An SDK that does not get ready in time is logged as an error
 * (docs/spec.md §8) and every call after it does nothing: the app works on without push.
 */
export class OneSignalProvider implements PushProvider {
  private readonly ready: Promise<OneSignalSdk | undefined>;

  constructor(
    config: OneSignalConfig,
    load: (url: string) => Promise<OneSignalSdk> = loadOneSignalSdk,
    initTimeoutMs?: number,
  ) {
    const init = load(config.sdkUrl).then(async (sdk) => {
      await sdk.init({
        appId: config.appId,
        serviceWorkerPath: ONESIGNAL_SERVICE_WORKER.path,
        serviceWorkerParam: { scope: ONESIGNAL_SERVICE_WORKER.scope },
        autoResubscribe: true,
      });
      return sdk;
    });
    this.ready = withInitTimeout(init, initTimeoutMs).catch((error: unknown) => {
      console.error('Push-Initialisierung fehlgeschlagen', error);
      return undefined;
    });
  }

  private async with<T>(use: (sdk: OneSignalSdk) => T | Promise<T>): Promise<T | undefined> {
    const sdk = await this.ready;
    return sdk ? use(sdk) : undefined;
  }

  // The external user id (docs/spec.md §3: the userId as a string).
  async login(userId: number) {
    await this.with((sdk) => sdk.login(String(userId)));
  }
  async logout() {
    await this.with((sdk) => sdk.logout());
  }
  async externalId() {
    return this.with((sdk) => sdk.User.externalId);
  }

  async enable() {
    const done = await this.with(async (sdk) => {
      await sdk.Notifications.requestPermission();
      await sdk.User.PushSubscription.optIn();
      return true;
    });
    if (!done) throw new Error('OneSignal');
  }
  async disable() {
    await this.with((sdk) => sdk.User.PushSubscription.optOut());
  }
  async isSubscribed() {
    return (await this.with((sdk) => sdk.User.PushSubscription.optedIn === true)) ?? false;
  }

  // docs/spec.md §9: the wrapped functions (tags, email, SMS, consent, slidedown prompts, outcomes).
  async addTags(tags: Record<string, string>) {
    await this.with((sdk) => sdk.User.addTags(tags));
  }
  async removeTags(keys: string[]) {
    await this.with((sdk) => sdk.User.removeTags(keys));
  }
  async tags() {
    return (await this.with((sdk) => sdk.User.getTags())) ?? {};
  }
  async addEmail(email: string) {
    await this.with((sdk) => sdk.User.addEmail(email));
  }
  async removeEmail(email: string) {
    await this.with((sdk) => sdk.User.removeEmail(email));
  }
  async addSms(number: string) {
    await this.with((sdk) => sdk.User.addSms(number));
  }
  async removeSms(number: string) {
    await this.with((sdk) => sdk.User.removeSms(number));
  }
  async setConsentRequired(required: boolean) {
    await this.with((sdk) => sdk.setConsentRequired(required));
  }
  async setConsentGiven(given: boolean) {
    await this.with((sdk) => sdk.setConsentGiven(given));
  }
  async promptSlidedown(force = false) {
    await this.with((sdk) => sdk.Slidedown.promptPush({ force }));
  }
  async sendOutcome(name: string, weight?: number) {
    await this.with((sdk) =>
      weight === undefined ? sdk.Session.sendOutcome(name) : sdk.Session.sendOutcome(name, weight),
    );
  }
  async sendUniqueOutcome(name: string) {
    await this.with((sdk) => sdk.Session.sendUniqueOutcome(name));
  }
}
