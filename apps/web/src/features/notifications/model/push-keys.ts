/** The server's VAPID public key (base64url) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const DEVICE_KEY = 'mde.pushDeviceId';

/** This browser's id for its push subscription: one subscription per user and device. */
export function pushDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const kept = storage.getItem(DEVICE_KEY);
  if (kept && /^[\w.:-]{8,100}$/.test(kept)) return kept;
  const id = `push-${crypto.randomUUID()}`;
  storage.setItem(DEVICE_KEY, id);
  return id;
}

export type PushAvailability = 'unsupported' | 'no-service-worker' | 'denied' | 'available';

/** Whether this browser can take pushes at all, and whether the user has refused them. */
export function pushAvailability(env: {
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | undefined;
  hasServiceWorker: boolean;
}): PushAvailability {
  if (!env.hasPushManager || !env.hasNotification) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  if (!env.hasServiceWorker) return 'no-service-worker';
  return 'available';
}
