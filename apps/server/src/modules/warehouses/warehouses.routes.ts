import { warehouseListSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { warehousesOfSession } from './warehouses.service';

export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { authenticated: true } },
      schema: { tags: ['warehouses'], response: { 200: warehouseListSchema } },
    },
    async (request) => warehousesOfSession(app.database.db, requireAuth(request)),
  );
};
