import {
  activityResponseSchema,
  loginRequestSchema,
  okSchema,
  type UserContext,
  userContextSchema,
} from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { requireAuth } from '../../plugins/auth';
import { fromListedOrigin } from '../../plugins/cors';
import { idleSecondsOf, login, logout, readSessionCookie, sessionCookieName } from './auth.service';

/** What the login answers with, from the user module (handed in by app.ts: the user module imports auth). */
export interface AuthRouteOptions {
  loadUserContext(db: Db, userId: number): Promise<UserContext>;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { loadUserContext }) => {
  // The app of a listed other server signs in here cross-site: behind TLS its cookie must be SameSite=None to
  // travel with its calls (CORS and the cross-site refusal in plugins/cors.ts guard it instead). On plain
  // http (tests on one host) the app and this server are the same site, so Strict still travels.
  const cookieOptions = (request: FastifyRequest) => {
    const crossSite = app.env.HTTPS && fromListedOrigin(request, app.env.CORS_ORIGINS);
    return {
      httpOnly: true,
      sameSite: crossSite ? ('none' as const) : ('strict' as const),
      path: '/',
      secure: app.env.HTTPS,
    };
  };

  app.post(
    '/login',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: userContextSchema } },
    },
    async (request, reply) => {
      const session = await login(
        app.database.db,
        app.env,
        request.body,
        request.ip,
        app.clock && new Date(app.clock()),
      );
      reply.setCookie(sessionCookieName(app.env), session.token, {
        ...cookieOptions(request),
        ...(session.maxAgeSeconds ? { maxAge: session.maxAgeSeconds } : {}),
      });
      return loadUserContext(app.database.db, session.userId);
    },
  );

  app.post(
    '/logout',
    { config: { access: { public: true } }, schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      const token = readSessionCookie(request, app.env);
      if (token) await logout(app.database, token);
      reply.clearCookie(sessionCookieName(app.env), cookieOptions(request));
      return { ok: true as const };
    },
  );

  // The app's "the person is here" touch, sent at most once a minute while someone taps, types or scans on a
  // screen that asks nothing of the server: the session check before it moves the idle deadline.
  app.post(
    '/activity',
    {
      config: { access: { authenticated: true } },
      schema: { tags: ['auth'], response: { 200: activityResponseSchema } },
    },
    async (request) => ({ idleSeconds: await idleSecondsOf(app.database.db, app.env, requireAuth(request).sessionId) }),
  );
};
