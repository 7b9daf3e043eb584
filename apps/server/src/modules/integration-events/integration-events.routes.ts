import { eventFeedQuerySchema, eventFeedSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireApiKey } from '../../plugins/auth';
import { readFeed } from './integration-events.service';
import { webhookRoutes } from './webhooks.routes';

const tags = ['integration'];

/** The ERP's side of the store's work: the event feed and the webhooks; mounted at /api/integration/v1 (the documents: erp-documents). */
export const integrationEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { access: { apiKey: 'events:read' } },
      schema: { tags, querystring: eventFeedQuerySchema, response: { 200: eventFeedSchema } },
    },
    async (request) => readFeed(app.database.db, request.query, requireApiKey(request).firmaIds),
  );
  await app.register(webhookRoutes);
};
