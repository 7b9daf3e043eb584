import {
  adminApiKeyCreatedSchema,
  adminApiKeyCreateSchema,
  adminApiKeySchema,
  adminApiKeysSchema,
  adminWebhookCreateSchema,
  apiKeyRequestsSchema,
  idParamSchema,
  webhookAttemptSchema,
  webhookCreatedSchema,
  webhookDeliveriesSchema,
  webhookSubscriptionSchema,
} from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ACCESS, requireAuth } from '../../plugins/auth';
import { requestActor } from '../audit-log/record-audit';
import { adminScope } from '../org/admin-scope';
import * as service from './admin-integration.service';

const tags = ['administration'];
const config = { access: ADMIN_ACCESS };
const params = idParamSchema;

/**
 * API keys and webhook subscriptions in the admin area: those of the admin's firmas (ADMINISTRATION; another
 * firma's are not found, a new one only for the admin's own firmas, see the service).
 */
export const adminIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const adminOf = async (request: FastifyRequest): Promise<service.IntegrationAdmin> => ({
    actor: requestActor(request),
    firmaIds: (await adminScope(db(), request)).firmaIds,
  });

  app.get('/api-keys', { config, schema: { tags, response: { 200: adminApiKeysSchema } } }, async (request) =>
    service.listApiKeys(db(), await adminOf(request)),
  );
  app.post(
    '/api-keys',
    { config, schema: { tags, body: adminApiKeyCreateSchema, response: { 201: adminApiKeyCreatedSchema } } },
    async (request, reply) => {
      const admin = await adminOf(request);
      const created = await db()
        .transaction()
        .execute((trx) => service.createKey(trx, admin, request.body));
      reply.status(201);
      return created;
    },
  );
  app.post(
    '/api-keys/:id/revoke',
    { config, schema: { tags, params, response: { 200: adminApiKeySchema } } },
    async (request) => {
      const admin = await adminOf(request);
      return db()
        .transaction()
        .execute((trx) => service.revokeKey(trx, admin, request.params.id));
    },
  );
  app.get(
    '/api-keys/:id/requests',
    {
      config,
      schema: {
        tags,
        summary: 'Letzte Anfragen eines API-Schlüssels (Zeit, Methode, Route, Status, Dauer), neueste zuerst',
        params,
        response: { 200: apiKeyRequestsSchema },
      },
    },
    async (request) => {
      const admin = await adminOf(request);
      // What this instance took but has not written yet is written first, so the list is up to date.
      await app.apiKeyRequestLog.flush();
      return { requests: await service.keyRequests(db(), admin, request.params.id) };
    },
  );

  app.get(
    '/webhooks',
    { config, schema: { tags, response: { 200: z.array(webhookSubscriptionSchema) } } },
    async (request) => service.listWebhooks(db(), await adminOf(request)),
  );
  app.post(
    '/webhooks',
    { config, schema: { tags, body: adminWebhookCreateSchema, response: { 201: webhookCreatedSchema } } },
    async (request, reply) => {
      const admin = await adminOf(request);
      const owner = requireAuth(request).username;
      const created = await db()
        .transaction()
        .execute((trx) => service.createWebhook(trx, admin, owner, request.body));
      reply.status(201);
      return created;
    },
  );
  app.post(
    '/webhooks/:id/disable',
    { config, schema: { tags, params, response: { 200: webhookSubscriptionSchema } } },
    async (request) => {
      const admin = await adminOf(request);
      return db()
        .transaction()
        .execute((trx) => service.disableWebhook(trx, admin, request.params.id));
    },
  );
  app.get(
    '/webhooks/:id/deliveries',
    { config, schema: { tags, params, response: { 200: webhookDeliveriesSchema } } },
    async (request) => ({ deliveries: await service.listDeliveries(db(), await adminOf(request), request.params.id) }),
  );
  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, schema: { tags, params, response: { 200: webhookAttemptSchema.omit({ at: true }) } } },
    async (request) => service.redeliver(db(), await adminOf(request), request.params.id),
  );
};
