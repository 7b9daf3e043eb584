/**
 * The part of OneSignal's web page SDK (v16) the app uses. The SDK is loaded from ONESIGNAL_SDK_URL only
 * when the server is configured for OneSignal; it hands itself to the callbacks queued in
 * `window.OneSignalDeferred` once it has loaded.
 */
export interface OneSignalInitOptions {
  appId: string;
  /** The service worker that receives the pushes (docs/spec.md §9: a service-worker path for push). */
  serviceWorkerPath: string;
  serviceWorkerParam: { scope: string };
  /** docs/spec.md §9: auto-resubscribe, so a device whose subscription lapsed is subscribed again. */
  autoResubscribe: boolean;
}

export interface OneSignalSdk {
  init(options: OneSignalInitOptions): Promise<void>;
  /** v16's external user id: set with login, removed with logout. */
  login(externalId: string): Promise<void>;
  logout(): Promise<void>;
  setConsentRequired(required: boolean): Promise<void>;
  setConsentGiven(given: boolean): Promise<void>;
  User: {
    externalId?: string | undefined;
    addTag(key: string, value: string): void;
    addTags(tags: Record<string, string>): void;
    removeTag(key: string): void;
    removeTags(keys: string[]): void;
    getTags(): Record<string, string>;
    addEmail(email: string): void;
    removeEmail(email: string): void;
    addSms(number: string): void;
    removeSms(number: string): void;
    PushSubscription: { optedIn?: boolean | undefined; optIn(): Promise<void>; optOut(): Promise<void> };
  };
  Slidedown: { promptPush(options?: { force?: boolean }): Promise<void> };
  Notifications: { permission: boolean; requestPermission(): Promise<void> };
  Session: {
    sendOutcome(name: string, weight?: number): Promise<void>;
    sendUniqueOutcome(name: string): Promise<void>;
  };
}

type Deferred = (sdk: OneSignalSdk) => void | Promise<void>;
type WindowWithOneSignal = Window & { OneSignalDeferred?: Deferred[] };

/** Adds the SDK's script once and answers the SDK when it has loaded (never, when it never does). */
export function loadOneSignalSdk(url: string, doc: Document = document): Promise<OneSignalSdk> {
  const win = doc.defaultView as WindowWithOneSignal;
  const ready = new Promise<OneSignalSdk>((resolve) => {
    win.OneSignalDeferred ??= [];
    win.OneSignalDeferred.push((sdk) => resolve(sdk));
  });
  if (!doc.querySelector('script[data-onesignal-sdk]')) {
    const script = doc.createElement('script');
    script.src = url;
    script.defer = true;
    script.dataset.onesignalSdk = '';
    doc.head.append(script);
  }
  return ready;
}
