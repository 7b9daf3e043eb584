import { DEVICE_MSG, deviceRenameSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ACCESS } from '../../plugins/auth';
import { requestActor } from '../audit-log/record-audit';
import { adminScope } from '../org/admin-scope';
import { renameDevice } from './device-names.service';

/** `PUT /api/v1/admin/devices/:deviceId/name`: the admin's own name for a device of their firmas. */
export const adminDeviceNameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:deviceId/name',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags: ['administration'],
        params: z.object({ deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, DEVICE_MSG.deviceId) }),
        body: deviceRenameSchema,
      },
    },
    async (request, reply) => {
      const { firmaIds } = await adminScope(app.database.db, request);
      await renameDevice(app.database.db, requestActor(request), firmaIds, request.params.deviceId, request.body.name);
      return reply.status(204).send();
    },
  );
};
