import { moduleSettingsChangeSchema, moduleSettingsQuerySchema, moduleSettingsSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ACCESS } from '../../plugins/auth';
import { requestActor } from '../audit-log/record-audit';
import { adminScope } from '../org/admin-scope';
import { loadModuleSettings, setModuleSettings } from './module-settings.service';

const config = { access: ADMIN_ACCESS };
const tags = ['admin'];

/** Module settings per firma; mounted at /api/v1/admin/module-settings. */
export const adminModuleSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/',
    { config, schema: { tags, querystring: moduleSettingsQuerySchema, response: { 200: moduleSettingsSchema } } },
    async (request) => loadModuleSettings(db(), (await adminScope(db(), request)).firmaIds, request.query.firma),
  );

  app.put(
    '/',
    { config, schema: { tags, body: moduleSettingsChangeSchema, response: { 200: moduleSettingsSchema } } },
    async (request) => {
      const { firmaIds } = await adminScope(db(), request);
      await db()
        .transaction()
        .execute((trx) => setModuleSettings(trx, requestActor(request), firmaIds, request.body));
      return loadModuleSettings(db(), firmaIds, request.body.firma);
    },
  );
};
