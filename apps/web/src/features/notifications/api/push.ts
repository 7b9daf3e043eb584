import type { PushConfig } from '@mde/contracts';
import { apiFetch } from '../../../lib/api-client';
import { applicationServerKey, pushDeviceId } from '../model/push-keys';
import { notificationEndpoints } from './endpoints';

/** The service worker's registration, if one is registered (push needs it; docs/spec.md §2 install step 1). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

const sendSubscription = (subscription: PushSubscription) => {
  const json = subscription.toJSON();
  return apiFetch<null>(notificationEndpoints.pushSubscriptions, {
    method: 'PUT',
    body: { deviceId: pushDeviceId(), endpoint: json.endpoint, keys: json.keys },
  });
};

/** Asks for permission, subscribes at the browser's push service and stores the subscription for the user. */
export async function enablePush(): Promise<void> {
  const reg = await registration();
  if (!reg) throw new Error('no service worker');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(permission);
  const config = await apiFetch<PushConfig>(notificationEndpoints.pushConfig);
  if (config.provider !== 'webpush') throw new Error(config.provider);
  let subscription = await reg.pushManager.getSubscription();
  const key = applicationServerKey(config.publicKey);
  const sameKey = (s: PushSubscription) => {
    const held = s.options.applicationServerKey;
    return !!held && new Uint8Array(held).every((b, i) => b === key[i]);
  };
  // A subscription made for another server key (keys of a reset database) cannot be pushed to.
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await sendSubscription(subscription);
}

/** Deactivates push on this device: the browser's subscription and the server's record both go. */
export async function disablePush(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
  await releasePushDevice();
}

/**
 * docs/spec.md §4: the push's user is set on login (the device's subscription now belongs to the logged-in user)
 * and removed on logout.
 */
export async function claimPushDevice(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const claim = (async () => {
    const subscription = await currentSubscription();
    if (subscription) await sendSubscription(subscription);
  })();
  await withInitTimeout(claim);
}

const PUSH_INIT_TIMEOUT_MS = 15_000;

/** docs/spec.md §8: a push set-up that does not finish in time is logged as an error; the app goes on regardless. */
export async function withInitTimeout<T>(work: Promise<T>, ms = PUSH_INIT_TIMEOUT_MS): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      console.error(`Push-Initialisierung: Zeitüberschreitung nach ${ms} ms`);
      resolve(undefined);
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function releasePushDevice(): Promise<void> {
  // A device that never allowed notifications has no subscription to remove: logout asks nothing more.
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  await apiFetch<null>(notificationEndpoints.pushSubscription(pushDeviceId()), { method: 'DELETE' }).catch(
    () => undefined,
  );
}
