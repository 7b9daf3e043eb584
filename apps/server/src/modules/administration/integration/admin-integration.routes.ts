import {
  adminApiKeyCreatedSchema,
  adminApiKeyCreateSchema,
  adminApiKeySchema,
  adminApiKeysSchema,
  adminWebhookCreateSchema,
  idParamSchema,
  webhookAttemptSchema,
  webhookCreatedSchema,
  webhookDeliveriesSchema,
  webhookSubscriptionSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../plugins/auth';
import { requestActor } from '../../audit-log/record-audit';
import { ADMIN_ACCESS } from '../admin-scope';
import * as service from './admin-integration.service';

const tags = ['administration'];
const config = { access: ADMIN_ACCESS };
const params = idParamSchema;

/** API keys and webhook subscriptions in the admin area (ADMINISTRATION and every firma, see the service). */
export const adminIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', async (request) => service.assertIntegrationAdmin(db(), request));

  app.get('/api-keys', { config, schema: { tags, response: { 200: adminApiKeysSchema } } }, async () => ({
    keys: await service.listApiKeys(db()),
  }));
  app.post(
    '/api-keys',
    { config, schema: { tags, body: adminApiKeyCreateSchema, response: { 201: adminApiKeyCreatedSchema } } },
    async (request, reply) => {
      reply.status(201);
      return service.createKey(db(), requestActor(request), request.body);
    },
  );
  app.post(
    '/api-keys/:id/revoke',
    { config, schema: { tags, params, response: { 200: adminApiKeySchema } } },
    async (request) => service.revokeKey(db(), requestActor(request), request.params.id),
  );

  app.get('/webhooks', { config, schema: { tags, response: { 200: z.array(webhookSubscriptionSchema) } } }, async () =>
    service.listWebhooks(db()),
  );
  app.post(
    '/webhooks',
    { config, schema: { tags, body: adminWebhookCreateSchema, response: { 201: webhookCreatedSchema } } },
    async (request, reply) => {
      reply.status(201);
      return service.createWebhook(db(), requestActor(request), requireAuth(request).username, request.body);
    },
  );
  app.post(
    '/webhooks/:id/disable',
    { config, schema: { tags, params, response: { 200: webhookSubscriptionSchema } } },
    async (request) => service.disableWebhook(db(), requestActor(request), request.params.id),
  );
  app.get(
    '/webhooks/:id/deliveries',
    { config, schema: { tags, params, response: { 200: webhookDeliveriesSchema } } },
    async (request) => ({ deliveries: await service.listDeliveries(db(), request.params.id) }),
  );
  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, schema: { tags, params, response: { 200: webhookAttemptSchema.omit({ at: true }) } } },
    async (request) => service.redeliver(db(), requestActor(request), request.params.id),
  );
};
