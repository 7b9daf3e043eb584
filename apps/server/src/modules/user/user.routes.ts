import {
  accountSchema,
  contactPatchSchema,
  contactSchema,
  contextChangeSchema,
  firmaSchema,
  userContextSchema,
  vkforgSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { readClaims } from './claims';
import {
  changeContext,
  getContact,
  listAccounts,
  listFirmas,
  listVkforgs,
  loadUserContext,
  patchContact,
} from './user.service';

const loggedIn = { access: { authenticated: true as const } };

/** docs/spec.md §7 security paths; mounted at /api so the v1/v2 prefixes stay as the spec writes them. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  // After the session check (onRequest): only a signed-in request's claims are compared.
  app.addHook('preHandler', async (request, reply) => readClaims(request, reply, request.auth));

  app.get(
    '/v1/security/user/context',
    // Open before a one-time password is replaced: the app reads mustChangePassword here.
    {
      config: { ...loggedIn, beforePasswordChange: true },
      schema: { tags: ['user'], response: { 200: userContextSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return loadUserContext(db(), auth.userId, auth);
    },
  );

  app.patch(
    '/v1/security/user/context',
    { config: loggedIn, schema: { tags: ['user'], body: contextChangeSchema, response: { 200: userContextSchema } } },
    async (request) =>
      db()
        .transaction()
        .execute((trx) => changeContext(trx, requireAuth(request), request.body)),
  );

  app.get(
    '/v2/security/user/accounts',
    { config: loggedIn, schema: { tags: ['user'], response: { 200: z.array(accountSchema) } } },
    async (request) => listAccounts(db(), requireAuth(request).userId),
  );

  app.get(
    '/v1/security/user/vkforg/entities',
    { config: loggedIn, schema: { tags: ['user'], response: { 200: z.array(vkforgSchema) } } },
    async (request) => listVkforgs(db(), requireAuth(request).userId),
  );

  app.get(
    '/v1/security/user/firma/entities',
    { config: loggedIn, schema: { tags: ['user'], response: { 200: z.array(firmaSchema) } } },
    async (request) => listFirmas(db(), requireAuth(request).userId),
  );

  app.get(
    '/v1/security/user/contact',
    { config: loggedIn, schema: { tags: ['user'], response: { 200: contactSchema } } },
    async (request) => getContact(db(), requireAuth(request).userId),
  );

  app.patch(
    '/v1/security/user/contact',
    { config: loggedIn, schema: { tags: ['user'], body: contactPatchSchema, response: { 200: contactSchema } } },
    async (request) =>
      db()
        .transaction()
        .execute((trx) => patchContact(trx, requireAuth(request).userId, request.body)),
  );
};
