import {
  idParamSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesSchema,
  webhookRedeliverySchema,
  webhookSubscriptionSchema,
  webhookSubscriptionsSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './webhooks.service';

const tags = ['integration'];
// The integration API takes an API key with this scope, never a session.
const config = { access: { apiKey: 'webhooks:manage' as const } };
const idParams = idParamSchema;

/** Webhook subscriptions of the integration API (scope webhooks:manage). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.post(
    '/webhooks',
    { config, schema: { tags, body: webhookCreateSchema, response: { 201: webhookCreatedSchema } } },
    async (request, reply) => {
      reply.status(201);
      return service.createSubscription(db(), request.body);
    },
  );
  app.get('/webhooks', { config, schema: { tags, response: { 200: webhookSubscriptionsSchema } } }, async () =>
    service.listSubscriptions(db()),
  );
  app.post(
    '/webhooks/:id/disable',
    { config, schema: { tags, params: idParams, noBody: true, response: { 200: webhookSubscriptionSchema } } },
    async (request) => service.disableSubscription(db(), request.params.id),
  );
  app.get(
    '/webhooks/:id/deliveries',
    { config, schema: { tags, params: idParams, response: { 200: webhookDeliveriesSchema } } },
    async (request) => ({ deliveries: await service.listDeliveries(db(), request.params.id) }),
  );
  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, schema: { tags, params: idParams, noBody: true, response: { 200: webhookRedeliverySchema } } },
    async (request) => service.redeliver(db(), request.params.id),
  );
};
