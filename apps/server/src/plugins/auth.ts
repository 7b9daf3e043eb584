import { MSG, type Permission, type Role } from '@mde/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/app-error';
import { hookList } from './route-hooks';

export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  fullName: string;
  kind: 'internal' | 'external';
  accountId: number;
  vkforgId: number;
  firmaId: number;
  permissions: ReadonlySet<string>;
  roles: ReadonlySet<string>;
}

/**
 * What a route needs, declared on every /api route (startup fails otherwise):
 * public, any logged-in user, or one of the permissions / the role.
 */
export type Access = { public: true } | { authenticated: true } | { anyPermission: Permission[] } | { role: Role };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

const notAuthenticated = () => new AppError(401, 'NOT_AUTHENTICATED', MSG.notAuthenticated);
const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', MSG.sessionExpired);

/** A request's session, as the auth module decides it; handed to the plugin in app.ts. */
export type SessionResolver = (
  request: FastifyRequest,
) => Promise<{ status: 'ok'; auth: AuthContext } | { status: 'expired' } | { status: 'none' }>;

export function registerAuth(app: FastifyInstance, resolveSession: SessionResolver) {
  app.decorateRequest('auth', null);

  // Each route gets its own check with its rule bound at start: a global hook would read the rule from
  // request.routeOptions, which Fastify builds anew on every access (the lookup by code is the hot path).
  // First among the route's hooks: rate limits key on request.auth.
  app.addHook('onRoute', (route) => {
    const documented = route.url.startsWith('/api/docs');
    const access = route.config?.access;
    if (route.url.startsWith('/api/') && !documented && !access && route.method !== 'HEAD') {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    if (access) route.onRequest = [authorize(app, resolveSession, access), ...hookList(route.onRequest)];
  });
}

function authorize(app: FastifyInstance, resolveSession: SessionResolver, access: Access) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await resolveSession(request);
    if (result.status === 'ok') request.auth = result.auth;
    if ('public' in access) return;
    if (result.status === 'expired') {
      reply.clearCookie(app.sessionCookieName, { path: '/' });
      throw sessionExpired();
    }
    if (result.status !== 'ok') throw notAuthenticated();
    const auth = result.auth;
    if ('anyPermission' in access && !access.anyPermission.some((p) => auth.permissions.has(p))) throw forbidden();
    if ('role' in access && !auth.roles.has(access.role)) throw forbidden();
  };
}

/** The session of a route that declared a non-public access rule; never null there. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}
