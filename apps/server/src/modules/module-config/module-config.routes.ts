import { moduleConfigSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { loadModuleConfig } from './module-config.service';

export const moduleConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { authenticated: true } },
      schema: { tags: ['config'], response: { 200: moduleConfigSchema } },
    },
    async (request) => loadModuleConfig(app.database.db, requireAuth(request).firmaId),
  );
};
