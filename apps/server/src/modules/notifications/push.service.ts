import { NOTIFICATION_MSG, type PushConfig, type PushSubscriptionInput } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './push.repository';
import { PUSH_ENDPOINT_REFUSED, subscriptionEndpointAllowed } from './push-endpoint';
import { generateVapidKeys, type VapidKeys } from './web-push-sender';

/** The server's VAPID pair: made on the first start and kept in the database, so every instance signs alike. */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await repo.findVapidKeys(db);
  if (stored) return { publicKey: stored.public_key, privateKey: stored.private_key };
  await repo.storeVapidKeysOnce(db, generateVapidKeys());
  const kept = await repo.findVapidKeys(db);
  if (!kept) throw new Error('VAPID keys could not be stored');
  return { publicKey: kept.public_key, privateKey: kept.private_key };
}

export const webPushConfig = (keys: VapidKeys): PushConfig => ({ provider: 'webpush', publicKey: keys.publicKey });

/**
 * Browsers' push services are public HTTPS hosts: a subscription naming anything else (an address inside
 * the store's network, plain HTTP) is refused, so nobody can aim the server's pushes there. Only the
 * test-only allowance (PUSH_ALLOW_PRIVATE_ENDPOINTS) lets a local test push service through.
 */
export async function saveSubscription(db: Db, userId: number, input: PushSubscriptionInput, allowPrivate: boolean) {
  if (!(await subscriptionEndpointAllowed(input.endpoint, allowPrivate))) {
    const message = NOTIFICATION_MSG.pushEndpointRefused;
    throw new AppError(400, PUSH_ENDPOINT_REFUSED, message, { endpoint: message });
  }
  await db.transaction().execute((trx) =>
    repo.saveSubscription(trx, {
      userId,
      deviceId: input.deviceId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    }),
  );
}

export async function removeSubscription(db: Db, userId: number, deviceId: string) {
  if (!(await repo.deleteSubscription(db, userId, deviceId))) throw notFound();
}
