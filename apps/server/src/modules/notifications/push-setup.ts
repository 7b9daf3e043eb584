import type { PushConfig } from '@mde/contracts';
import type { FastifyInstance } from 'fastify';
import { ensureVapidKeys, webPushConfig } from './push.service';
import { PushWorker } from './push-worker';
import { vapidSubject, webPushSender } from './web-push-sender';

/**
 * Push on this instance: the VAPID keys (made on the first start), the provider, and the worker that sends
 * the queued pushes (started with the server, stopped before it closes its database).
 */
export async function startPush(app: FastifyInstance): Promise<{ config: PushConfig; worker: PushWorker | null }> {
  const keys = await ensureVapidKeys(app.database.db);
  const sender = webPushSender(keys, vapidSubject(app.env.MAIL_FROM));
  const worker = app.env.PUSH_WORKER ? new PushWorker(app.database.db, sender, app.log) : null;
  if (worker) {
    app.addHook('onReady', async () => worker.start(app.database.notifications));
    app.addHook('preClose', () => worker.stop());
  }
  return { config: webPushConfig(keys), worker };
}
