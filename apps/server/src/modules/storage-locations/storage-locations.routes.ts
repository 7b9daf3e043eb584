import {
  assignmentSchema,
  createAssignmentSchema,
  deleteAssignmentQuerySchema,
  idempotencyHeadersSchema,
  locationArticleParamsSchema,
  locationDetailSchema,
  locationParamsSchema,
  locationProductSchema,
  storageLocationSchema,
  storageSnapshotSchema,
  updateAssignmentSchema,
} from '@mde/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyOnce, clientOfUser, keyedRequest, type Outcome } from '../../lib/idempotency';
import { type AuthContext, requireAuth } from '../../plugins/auth';
import * as service from './storage-locations.service';

// docs/spec.md §6: the storage-location module needs the role; the API refuses everyone else (403).
const access = { access: { role: 'ROLE_LOCATIONASSIGNMENT_SERVICE' as const } };
const tags = ['storage-locations'];

const scopeOf = (auth: AuthContext): service.Scope => ({ firmaId: auth.firmaId, vkforgId: auth.vkforgId });
const actorOf = (auth: AuthContext): service.Actor => ({ ...scopeOf(auth), userId: auth.userId });

/** The optional change key of a write (the offline outbox always sends one). */
const changeKeyOf = (request: FastifyRequest, auth: AuthContext) => keyedRequest(request, clientOfUser(auth.userId));

function answer<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  reply.status(outcome.status);
  return outcome.body;
}

/** Lagerplatz-Artikel; mounted at /api/v1/storage-locations. */
export const storageLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/',
    { config: access, schema: { tags, response: { 200: z.array(storageLocationSchema) } } },
    async (request) => service.listLocations(db(), scopeOf(requireAuth(request))),
  );

  app.get(
    '/snapshot',
    { config: access, schema: { tags, response: { 200: storageSnapshotSchema } } },
    async (request) => service.snapshot(db(), scopeOf(requireAuth(request))),
  );

  app.get(
    '/:id',
    { config: access, schema: { tags, params: locationParamsSchema, response: { 200: locationDetailSchema } } },
    async (request) => service.locationDetail(db(), scopeOf(requireAuth(request)), request.params.id),
  );

  app.get(
    '/:id/articles/:articleId',
    {
      config: access,
      schema: { tags, params: locationArticleParamsSchema, response: { 200: locationProductSchema } },
    },
    async (request) =>
      service.locationProduct(db(), scopeOf(requireAuth(request)), request.params.id, request.params.articleId),
  );

  app.post(
    '/:id/articles',
    {
      config: access,
      schema: {
        tags,
        params: locationParamsSchema,
        body: createAssignmentSchema,
        headers: idempotencyHeadersSchema,
        response: { 201: assignmentSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const outcome = await applyOnce(db(), changeKeyOf(request, auth), 201, (trx) =>
        service.assign(trx, actorOf(auth), id, request.body),
      );
      return answer(reply, outcome);
    },
  );

  app.put(
    '/:id/articles/:articleId',
    {
      config: access,
      schema: {
        tags,
        params: locationArticleParamsSchema,
        body: updateAssignmentSchema,
        headers: idempotencyHeadersSchema,
        response: { 200: assignmentSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id, articleId } = request.params;
      const outcome = await applyOnce(db(), changeKeyOf(request, auth), 200, (trx) =>
        service.update(trx, actorOf(auth), id, articleId, request.body),
      );
      return answer(reply, outcome);
    },
  );

  app.delete(
    '/:id/articles/:articleId',
    {
      config: access,
      schema: {
        tags,
        params: locationArticleParamsSchema,
        querystring: deleteAssignmentQuerySchema,
        headers: idempotencyHeadersSchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id, articleId } = request.params;
      const { version } = request.query;
      const outcome = await applyOnce(db(), changeKeyOf(request, auth), 204, async (trx) => {
        await service.unassign(trx, actorOf(auth), id, articleId, version);
        return null;
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(204).send();
    },
  );
};
