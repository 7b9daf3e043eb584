import {
  adminOneTimePasswordSchema,
  adminUserInputSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserMessageSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  adminUserVersionBodySchema,
  idParamSchema,
} from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ACCESS } from '../../plugins/auth';
import { requestActor } from '../audit-log/record-audit';
import { adminScope } from '../org/admin-scope';
import {
  createUser,
  getUser,
  listUsers,
  type RequestReset,
  sendResetMail,
  setOneTimePassword,
  setUserDisabled,
  type UserAdmin,
  unlockUser,
  updateUser,
} from './admin-users.service';

const config = { access: ADMIN_ACCESS };
const tags = ['admin'];

/** The users section of the admin area, mounted at /api/v1/admin/users. */
/** What the user administration asks of the password module, handed in by app.ts (password imports user). */
export interface AdminUserRouteOptions {
  requestReset: RequestReset;
}

export const adminUserRoutes: FastifyPluginAsyncZod<AdminUserRouteOptions> = async (app, { requestReset }) => {
  const db = () => app.database.db;
  const admin = async (request: FastifyRequest): Promise<UserAdmin> => {
    const scope = await adminScope(db(), request);
    return { actor: requestActor(request), userId: scope.userId, firmaIds: scope.firmaIds };
  };

  app.get(
    '/',
    { config, schema: { tags, querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema } } },
    async (request) => listUsers(db(), (await admin(request)).firmaIds, request.query),
  );

  app.get(
    '/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: adminUserSchema } } },
    async (request) => getUser(db(), (await admin(request)).firmaIds, request.params.id),
  );

  app.post(
    '/',
    { config, schema: { tags, body: adminUserInputSchema, response: { 201: adminOneTimePasswordSchema } } },
    async (request, reply) => {
      const created = await createUser(db(), await admin(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/:id',
    {
      config,
      schema: { tags, params: idParamSchema, body: adminUserUpdateSchema, response: { 200: adminUserSchema } },
    },
    async (request) => updateUser(db(), await admin(request), request.params.id, request.body),
  );

  for (const [path, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/:id/${path}`,
      {
        config,
        schema: { tags, params: idParamSchema, body: adminUserVersionBodySchema, response: { 200: adminUserSchema } },
      },
      async (request) => setUserDisabled(db(), await admin(request), request.params.id, disabled, request.body.version),
    );
  }

  app.post(
    '/:id/one-time-password',
    { config, schema: { tags, params: idParamSchema, response: { 200: adminOneTimePasswordSchema } } },
    async (request) => setOneTimePassword(db(), await admin(request), request.params.id),
  );

  app.post(
    '/:id/password-reset-mail',
    { config, schema: { tags, params: idParamSchema, response: { 200: adminUserMessageSchema } } },
    async (request) => sendResetMail(db(), requestReset, await admin(request), request.params.id),
  );

  app.post(
    '/:id/unlock',
    { config, schema: { tags, params: idParamSchema, response: { 200: adminUserMessageSchema } } },
    async (request) => unlockUser(db(), await admin(request), request.params.id),
  );
};
