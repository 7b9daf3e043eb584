import type { FastifyInstance } from 'fastify';
import { WebhookWorker } from './webhook-worker';

/** Webhook deliveries on this instance (WEBHOOK_WORKER), started with the server, stopped before it closes. */
export function startWebhookWorker(app: FastifyInstance): WebhookWorker | null {
  if (!app.env.WEBHOOK_WORKER) return null;
  const worker = new WebhookWorker(app.database.db, app.log);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', () => worker.stop());
  return worker;
}
