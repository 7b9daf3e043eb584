import { INTEGRATION_MSG, type IntegrationScope, MSG, type Permission, type Role } from '@mde/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
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
  /** Signed in with a one-time password an admin set: only routes with `beforePasswordChange` are open. */
  mustChangePassword: boolean;
}

/** A machine client of the integration API, as its key names it. */
export interface ApiKeyContext {
  keyId: number;
  name: string;
  /** The key's first characters (never the key), which name it in the audit log beside its name. */
  prefix: string;
  scopes: ReadonlySet<string>;
  /** The firmas the key was made for: its imports refuse other firmas' rows, its feed holds only theirs. */
  firmaIds: readonly number[];
}

/**
 * What a route needs, declared on every /api route (startup fails otherwise):
 * public, any logged-in user, or one of the permissions / the role; or, for the integration API only,
 * an API key with the scope (`Authorization: Bearer <key>`, never a cookie, so no CSRF either).
 */
export type Access =
  | { public: true }
  | { authenticated: true }
  | { anyPermission: Permission[] }
  | { role: Role }
  | { apiKey: IntegrationScope };

/** The access rule of every admin route (the administration area: users, stores, settings, devices, log). */
export const ADMIN_ACCESS = { anyPermission: ['ADMINISTRATION' as const] };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    apiKey: ApiKeyContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Open to a session that must still replace its one-time password (OWASP ASVS 2.3.1): only the password
     * change itself and the context read, from which the app learns that it must ask for the change.
     */
    beforePasswordChange?: true;
  }
}

const notAuthenticated = () => new AppError(401, 'NOT_AUTHENTICATED', MSG.notAuthenticated);
const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', MSG.sessionExpired);

/** A request's session, as the auth module decides it; handed to the plugin in app.ts. */
export type SessionResolver = (
  request: FastifyRequest,
) => Promise<{ status: 'ok'; auth: AuthContext } | { status: 'expired' } | { status: 'none' }>;

/** The key a request's Authorization header names, as the integration module decides it (wired in app.ts). */
export type ApiKeyResolver = (request: FastifyRequest) => Promise<ApiKeyContext | null>;

export interface ApiKeyOptions {
  resolve: ApiKeyResolver;
  /** Requests per key and minute on the integration API. */
  requestsPerMinute: number;
}

/** The integration API's routes: only these take an API key, and only an API key. */
export const INTEGRATION_PREFIX = '/api/integration/';

export function registerAuth(app: FastifyInstance, resolveSession: SessionResolver, apiKeys: ApiKeyOptions) {
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);

  // Each route gets its own check with its rule bound at start: a global hook would read the rule from
  // request.routeOptions, which Fastify builds anew on every access (the lookup by code is the hot path).
  // First among the route's hooks: rate limits key on request.auth.
  app.addHook('onRoute', (route) => {
    const documented = route.url.startsWith('/api/docs');
    const access = route.config?.access;
    if (route.url.startsWith('/api/') && !documented && !access && route.method !== 'HEAD') {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    if (!access) return;
    const integration = route.url.startsWith(INTEGRATION_PREFIX);
    if (integration !== 'apiKey' in access) {
      throw new Error(`Route ${route.method} ${route.url}: API keys belong to ${INTEGRATION_PREFIX} and only there`);
    }
    if ('apiKey' in access) {
      prepareKeyRoute(route, apiKeys);
      route.onRequest = [authorizeKey(apiKeys.resolve, access.apiKey), ...hookList(route.onRequest)];
      return;
    }
    const beforePasswordChange = route.config?.beforePasswordChange === true;
    route.onRequest = [authorize(app, resolveSession, access, beforePasswordChange), ...hookList(route.onRequest)];
  });
}

/**
 * Every key gets its own rate limit on each integration route (the rate-limit plugin, registered after
 * this one, reads the route's config in its own onRoute hook), and the route is documented as taking a
 * Bearer key (the security scheme bearerAuth of the OpenAPI document).
 */
function prepareKeyRoute(route: RouteOptions, apiKeys: ApiKeyOptions) {
  route.config = {
    ...route.config,
    rateLimit: route.config?.rateLimit ?? {
      max: apiKeys.requestsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.keyId ?? request.ip}`,
    },
  };
  route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
}

function authorizeKey(resolve: ApiKeyResolver, scope: IntegrationScope) {
  return async (request: FastifyRequest) => {
    const key = await resolve(request);
    if (!key) {
      const sent = request.headers.authorization !== undefined;
      throw new AppError(
        401,
        sent ? 'API_KEY_INVALID' : 'API_KEY_MISSING',
        sent ? INTEGRATION_MSG.apiKeyInvalid : INTEGRATION_MSG.apiKeyMissing,
      );
    }
    request.apiKey = key;
    if (!key.scopes.has(scope)) throw new AppError(403, 'SCOPE_MISSING', INTEGRATION_MSG.scopeMissing);
  };
}

/** The key of an integration route (access { apiKey }); never null there. */
export function requireApiKey(request: FastifyRequest): ApiKeyContext {
  if (!request.apiKey) throw new AppError(401, 'API_KEY_MISSING', INTEGRATION_MSG.apiKeyMissing);
  return request.apiKey;
}

function authorize(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  access: Access,
  beforePasswordChange: boolean,
) {
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
    // A one-time password opens nothing but the change to an own one, whatever the user's permissions.
    if (auth.mustChangePassword && !beforePasswordChange)
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', MSG.passwordChangeRequired);
    if ('anyPermission' in access && !access.anyPermission.some((p) => auth.permissions.has(p))) throw forbidden();
    if ('role' in access && !auth.roles.has(access.role)) throw forbidden();
  };
}

/** The session of a route that declared a non-public access rule; never null there. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}
