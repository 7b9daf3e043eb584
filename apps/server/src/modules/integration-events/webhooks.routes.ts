import {
  INTEGRATION_MSG,
  idParamSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesSchema,
  webhookRedeliverySchema,
  webhookSubscriptionSchema,
  webhookSubscriptionsSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireApiKey } from '../../plugins/auth';
import { requestActor } from '../audit-log/record-audit';
import * as service from './webhooks.service';

const tags = ['integration'];
// The integration API takes an API key with this scope, never a session.
const config = { access: { apiKey: 'webhooks:manage' as const } };
const idParams = idParamSchema;

/**
 * Webhook subscriptions of the integration API (scope webhooks:manage). A key reaches the subscriptions made for
 * its firmas only, and makes new ones for its firmas (all of them unless `firmas` names some); each change is in
 * the audit log with the key as actor.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.post(
    '/webhooks',
    { config, schema: { tags, body: webhookCreateSchema, response: { 201: webhookCreatedSchema } } },
    async (request, reply) => {
      const key = requireApiKey(request);
      const { firmas, ...input } = request.body;
      if (firmas?.some((f) => !key.firmaIds.includes(f))) {
        throw new AppError(403, 'FIRMA_NOT_OF_KEY', INTEGRATION_MSG.webhookFirmasNotOfKey);
      }
      const firmaIds = firmas ?? key.firmaIds;
      const created = await db()
        .transaction()
        .execute((trx) => service.createSubscription(trx, requestActor(request), { ...input, firmaIds }));
      reply.status(201);
      return created;
    },
  );
  app.get('/webhooks', { config, schema: { tags, response: { 200: webhookSubscriptionsSchema } } }, async (request) =>
    service.listSubscriptions(db(), requireApiKey(request).firmaIds),
  );
  app.post(
    '/webhooks/:id/disable',
    { config, schema: { tags, params: idParams, noBody: true, response: { 200: webhookSubscriptionSchema } } },
    async (request) =>
      db()
        .transaction()
        .execute((trx) =>
          service.disableSubscription(trx, requestActor(request), request.params.id, requireApiKey(request).firmaIds),
        ),
  );
  app.get(
    '/webhooks/:id/deliveries',
    { config, schema: { tags, params: idParams, response: { 200: webhookDeliveriesSchema } } },
    async (request) => ({
      deliveries: await service.listDeliveries(db(), request.params.id, requireApiKey(request).firmaIds),
    }),
  );
  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, schema: { tags, params: idParams, noBody: true, response: { 200: webhookRedeliverySchema } } },
    async (request) =>
      service.redeliver(db(), requestActor(request), request.params.id, requireApiKey(request).firmaIds),
  );
};
