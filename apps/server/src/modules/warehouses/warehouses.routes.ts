import { idParamSchema, warehouseListSchema, warehouseLocationListSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { warehouseLocationsOfSession, warehousesOfSession } from './warehouses.service';

export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { authenticated: true } },
      schema: { tags: ['warehouses'], response: { 200: warehouseListSchema } },
    },
    async (request) => warehousesOfSession(app.database.db, requireAuth(request)),
  );
  app.get(
    '/:id/storage-locations',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['warehouses'],
        params: idParamSchema,
        response: { 200: warehouseLocationListSchema },
      },
    },
    async (request) => warehouseLocationsOfSession(app.database.db, requireAuth(request), Number(request.params.id)),
  );
};
