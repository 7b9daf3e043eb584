import { eventFeedQuerySchema, eventFeedSchema } from '@mde/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFeed } from './integration-events.service';
import { webhookRoutes } from './webhooks.routes';

export interface IntegrationRouteOptions {
  /** The integration API's key check for one scope (`events:read`, `webhooks:manage`), wired in app.ts. */
  requireScope(scope: string): preHandlerAsyncHookHandler;
}

const tags = ['integration'];

/** The ERP's side of the store's work: the event feed and the webhooks; mounted at /api/integration/v1. */
export const integrationEventRoutes: FastifyPluginAsyncZod<IntegrationRouteOptions> = async (app, opts) => {
  app.get(
    '/events',
    {
      // The integration API checks its key (requireScope), not a session.
      config: { access: { public: true } },
      preHandler: opts.requireScope('events:read'),
      schema: { tags, querystring: eventFeedQuerySchema, response: { 200: eventFeedSchema } },
    },
    async (request) => readFeed(app.database.db, request.query),
  );
  await app.register(webhookRoutes, { requireScope: opts.requireScope });
};
