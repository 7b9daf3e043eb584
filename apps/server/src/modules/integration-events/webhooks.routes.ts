import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesSchema,
  webhookSubscriptionSchema,
} from '@mde/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './webhooks.service';

const tags = ['integration'];
// The integration API checks its key (requireScope), not a session.
const config = { access: { public: true as const } };
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const attemptSchema = z.object({
  ok: z.boolean(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});

/** Webhook subscriptions of the integration API (scope webhooks:manage). */
export const webhookRoutes: FastifyPluginAsyncZod<{ requireScope(scope: string): preHandlerAsyncHookHandler }> = async (
  app,
  opts,
) => {
  const db = () => app.database.db;
  const preHandler = opts.requireScope('webhooks:manage');

  app.post(
    '/webhooks',
    { config, preHandler, schema: { tags, body: webhookCreateSchema, response: { 201: webhookCreatedSchema } } },
    async (request, reply) => {
      reply.status(201);
      return service.createSubscription(db(), request.body);
    },
  );
  app.get(
    '/webhooks',
    { config, preHandler, schema: { tags, response: { 200: z.array(webhookSubscriptionSchema) } } },
    async () => service.listSubscriptions(db()),
  );
  app.post(
    '/webhooks/:id/disable',
    { config, preHandler, schema: { tags, params: idParams, response: { 200: webhookSubscriptionSchema } } },
    async (request) => service.disableSubscription(db(), request.params.id),
  );
  app.get(
    '/webhooks/:id/deliveries',
    { config, preHandler, schema: { tags, params: idParams, response: { 200: webhookDeliveriesSchema } } },
    async (request) => ({ deliveries: await service.listDeliveries(db(), request.params.id) }),
  );
  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, preHandler, schema: { tags, params: idParams, response: { 200: attemptSchema } } },
    async (request) => service.redeliver(db(), request.params.id),
  );
};
