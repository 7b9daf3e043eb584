import {
  adminAccountCreateSchema,
  adminAccountSchema,
  adminAccountUpdateSchema,
  adminIdParamsSchema,
  adminLocationCreateSchema,
  adminLocationSchema,
  adminLocationUpdateSchema,
  adminOrgSchema,
  adminStoreCreateSchema,
  adminStoreSchema,
  adminStoreUpdateSchema,
  adminWarehouseCreateSchema,
  adminWarehouseSchema,
  adminWarehouseUpdateSchema,
} from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { ADMIN_ACCESS } from '../../plugins/auth';
import { requestActor } from '../audit-log/record-audit';
import { adminScope } from './admin-scope';
import * as service from './stores.service';
import * as locations from './warehouse-locations.service';

const config = { access: ADMIN_ACCESS };
const tags = ['admin'];
const params = adminIdParamsSchema;

/** The admin's stores section; mounted at /api/v1/admin/stores. Every change and its audit entry: one transaction. */
export const adminStoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const change = async <T>(request: FastifyRequest, work: (trx: Db, who: service.AdminActor) => Promise<T>) => {
    const { firmaIds } = await adminScope(db(), request);
    return db()
      .transaction()
      .execute((trx) => work(trx, { actor: requestActor(request), firmaIds }));
  };

  app.get('/', { config, schema: { tags, response: { 200: adminOrgSchema } } }, async (request) =>
    service.loadOrg(db(), (await adminScope(db(), request)).firmaIds),
  );

  app.post(
    '/',
    { config, schema: { tags, body: adminStoreCreateSchema, response: { 201: adminStoreSchema } } },
    async (request, reply) => {
      const { firma, ...input } = request.body;
      reply.status(201);
      return change(request, (trx, who) => service.createStore(trx, who, firma, input));
    },
  );

  app.put(
    '/:id',
    { config, schema: { tags, params, body: adminStoreUpdateSchema, response: { 200: adminStoreSchema } } },
    async (request) => change(request, (trx, who) => service.updateStore(trx, who, request.params.id, request.body)),
  );

  app.post(
    '/accounts',
    { config, schema: { tags, body: adminAccountCreateSchema, response: { 201: adminAccountSchema } } },
    async (request, reply) => {
      const { firma, ...input } = request.body;
      reply.status(201);
      return change(request, (trx, who) => service.createAccount(trx, who, firma, input));
    },
  );

  app.put(
    '/accounts/:id',
    { config, schema: { tags, params, body: adminAccountUpdateSchema, response: { 200: adminAccountSchema } } },
    async (request) => change(request, (trx, who) => service.updateAccount(trx, who, request.params.id, request.body)),
  );

  app.post(
    '/:id/warehouses',
    { config, schema: { tags, params, body: adminWarehouseCreateSchema, response: { 201: adminWarehouseSchema } } },
    async (request, reply) => {
      reply.status(201);
      return change(request, (trx, who) => service.createWarehouse(trx, who, request.params.id, request.body));
    },
  );

  app.put(
    '/warehouses/:id',
    { config, schema: { tags, params, body: adminWarehouseUpdateSchema, response: { 200: adminWarehouseSchema } } },
    async (request) =>
      change(request, (trx, who) => service.updateWarehouse(trx, who, request.params.id, request.body)),
  );

  app.get(
    '/warehouses/:id/locations',
    { config, schema: { tags, params, response: { 200: z.array(adminLocationSchema) } } },
    async (request) => locations.listLocations(db(), (await adminScope(db(), request)).firmaIds, request.params.id),
  );

  app.post(
    '/warehouses/:id/locations',
    { config, schema: { tags, params, body: adminLocationCreateSchema, response: { 201: adminLocationSchema } } },
    async (request, reply) => {
      reply.status(201);
      return change(request, (trx, who) => locations.createLocation(trx, who, request.params.id, request.body));
    },
  );

  app.put(
    '/locations/:id',
    { config, schema: { tags, params, body: adminLocationUpdateSchema, response: { 200: adminLocationSchema } } },
    async (request) =>
      change(request, (trx, who) => locations.updateLocation(trx, who, request.params.id, request.body)),
  );
};
