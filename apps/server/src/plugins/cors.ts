import cors from '@fastify/cors';
import {
  BACKGROUND_REQUEST_HEADER,
  CLAIMS_HEADER,
  CLAIMS_STATE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  MSG,
} from '@mde/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** What the app sends beyond the CORS-safelisted headers (the API client, the claims, background and change keys). */
const APP_HEADERS = ['accept', 'content-type', CLAIMS_HEADER, BACKGROUND_REQUEST_HEADER, IDEMPOTENCY_KEY_HEADER];
/** Browsers keep an allowed preflight this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');
const changes = (request: FastifyRequest) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

/**
 * The apps of the other MDE servers the operator lists (CORS_ORIGINS, exact origins) may call /api with the
 * session cookie: their preflight is answered and cached, their answers are readable. Any other origin gets
 * no CORS header at all, so the browser keeps its answers from it; and a change it asks for (a form or a
 * fetch from another site, which the browser sends without asking) is refused before it runs, as a cookie
 * that must travel cross-site (SameSite=None) would otherwise go along.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  const listed = new Set(origins);
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (!isApi(request) || !changes(request) || !origin || listed.has(origin)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSiteRefused();
  });
  if (listed.size === 0) return;
  await app.register(cors, {
    delegator: (request, done) => {
      const origin = request.headers.origin;
      if (!isApi(request) || !origin || !listed.has(origin)) return done(null, { origin: false });
      done(null, {
        origin,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: APP_HEADERS,
        exposedHeaders: ['retry-after', CLAIMS_STATE_HEADER],
        maxAge: PREFLIGHT_MAX_AGE_SECONDS,
      });
    },
  });
}

const crossSiteRefused = () => new AppError(403, 'CROSS_SITE_REFUSED', MSG.forbidden);

/** Whether a request comes from the app of a listed other server (its session cookie must then travel cross-site). */
export const fromListedOrigin = (request: FastifyRequest, origins: readonly string[]) =>
  !!request.headers.origin && origins.includes(request.headers.origin);
