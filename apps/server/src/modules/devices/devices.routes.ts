import { adminDevicesQuerySchema, adminDevicesSchema, deviceReportSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ACCESS, requireAuth } from '../../plugins/auth';
import { adminScope } from '../org/admin-scope';
import * as service from './devices.service';

/**
 * A device's report of itself for its signed-in user (any signed-in user; the user's newest report of a device
 * replaces their older one, and leaves other users' rows of that device as they are).
 */
export const deviceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/report',
    {
      config: { access: { authenticated: true as const } },
      schema: { tags: ['devices'], body: deviceReportSchema },
    },
    async (request, reply) => {
      await service.recordReport(app.database.db, requireAuth(request), request.body, request.headers['user-agent']);
      return reply.status(204).send();
    },
  );
};

/** The admin's device list: only devices whose last session was in a firma the admin holds. */
export const adminDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: ADMIN_ACCESS },
      schema: { tags: ['administration'], querystring: adminDevicesQuerySchema, response: { 200: adminDevicesSchema } },
    },
    async (request) => {
      const { firmaIds } = await adminScope(app.database.db, request);
      const filter = request.query.stale === 'true' ? 'stale' : request.query.waiting === 'true' ? 'waiting' : 'all';
      return { devices: await service.listDevices(app.database.db, firmaIds, { filter }) };
    },
  );
};
