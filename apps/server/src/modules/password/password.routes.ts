import { passwordChangeSchema, passwordResetSchema, passwordTokenRequestSchema, resultSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { changePassword, requestResetToken, resetPassword } from './password.service';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const publicRoute = { access: { public: true as const }, rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.post(
    '/v1/security/password/token',
    {
      config: publicRoute,
      schema: { tags: ['password'], body: passwordTokenRequestSchema, response: { 200: resultSchema } },
    },
    async (request) => requestResetToken(db(), app.env, app.sendMail, request.body, request.ip),
  );

  app.post(
    '/v1/security/password/reset',
    { config: publicRoute, schema: { tags: ['password'], body: passwordResetSchema, response: { 200: resultSchema } } },
    async (request) => resetPassword(db(), request.body, request.ip),
  );

  app.post(
    '/v1/security/user/password',
    {
      config: { access: { authenticated: true }, beforePasswordChange: true },
      schema: { tags: ['password'], body: passwordChangeSchema, response: { 200: resultSchema } },
    },
    async (request) => changePassword(db(), requireAuth(request), request.body, request.ip),
  );
};
