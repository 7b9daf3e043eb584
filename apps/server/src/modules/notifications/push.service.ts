import { NOTIFICATION_MSG, type PushConfig, type PushSubscriptionInput } from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/app-error';
import * as repo from './push.repository';
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
 * Browsers' push services are HTTPS. Behind TLS (HTTPS) the server posts to nothing else, so a subscription
 * cannot aim its pushes at a plain-HTTP address inside the network; without TLS (a test push service on
 * this machine) plain HTTP is taken too.
 */
export async function saveSubscription(db: Db, userId: number, input: PushSubscriptionInput, requireHttps: boolean) {
  if (requireHttps && !input.endpoint.startsWith('https://')) {
    throw badRequest(NOTIFICATION_MSG.subscriptionInvalid, { endpoint: NOTIFICATION_MSG.subscriptionInvalid });
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
