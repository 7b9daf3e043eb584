import type { PushConfig } from '@mde/contracts';
import type { FastifyInstance } from 'fastify';
import { oneSignalSender } from './onesignal-sender';
import { ensureVapidKeys, webPushConfig } from './push.service';
import { setPushAddressedPerUser } from './push-addressing';
import { PushWorker } from './push-worker';
import { vapidSubject, webPushSender } from './web-push-sender';

/**
 * Push on this instance: the VAPID keys (made on the first start), the provider (OneSignal when
 * ONESIGNAL_APP_ID and ONESIGNAL_API_KEY are set, else self-hosted Web Push), and the worker that sends
 * the queued pushes (started with the server, stopped before it closes its database).
 */
export async function startPush(app: FastifyInstance): Promise<{ config: PushConfig; worker: PushWorker | null }> {
  const keys = await ensureVapidKeys(app.database.db);
  const { ONESIGNAL_APP_ID: appId, ONESIGNAL_API_KEY: apiKey, ONESIGNAL_API_URL: url } = app.env;
  const sender =
    appId && apiKey
      ? oneSignalSender({ appId, apiKey, url })
      : webPushSender(keys, vapidSubject(app.env.MAIL_FROM), { allowPrivate: app.env.PUSH_ALLOW_PRIVATE_ENDPOINTS });
  if (app.env.PUSH_ALLOW_PRIVATE_ENDPOINTS) {
    app.log.warn('PUSH_ALLOW_PRIVATE_ENDPOINTS is on: push endpoints inside the network are accepted (tests only)');
  }
  setPushAddressedPerUser(!sender.addressesSubscriptions);
  const config: PushConfig =
    appId && apiKey ? { provider: 'onesignal', appId, sdkUrl: app.env.ONESIGNAL_SDK_URL } : webPushConfig(keys);
  const worker = app.env.PUSH_WORKER ? new PushWorker(app.database.db, sender, app.log) : null;
  if (worker) {
    app.addHook('onReady', async () => worker.start(app.database.notifications));
    app.addHook('preClose', () => worker.stop());
  }
  return { config, worker };
}
