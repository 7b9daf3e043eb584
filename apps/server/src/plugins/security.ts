import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { hookList } from './route-hooks';

/** Origins beyond the app's own that a configured push provider's page script needs (none by default). */
export interface ProviderOrigins {
  /** Where its script (and the stylesheets it brings) come from. */
  script: readonly string[];
  /** What it calls. */
  connect: readonly string[];
}
const NO_PROVIDER: ProviderOrigins = { script: [], connect: [] };

/**
 * Strict policy the app passes: no inline scripts, wasm allowed for the barcode decoder. The app may call
 * its own server and the other MDE servers the operator lists (CONNECT_ORIGINS), nothing else; a push
 * provider's page script and its API only when one is configured.
 */
function cspDirectives(https: boolean, connectOrigins: readonly string[], provider: ProviderOrigins) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...provider.script],
    // Mantine sets style attributes at run time; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'", ...provider.script],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...connectOrigins, ...provider.connect],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] as string[] } : {}),
  };
}

function helmetOptions(https: boolean, connectOrigins: readonly string[], provider: ProviderOrigins): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(https, connectOrigins, provider) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * What helmet sends for the app's pages, asked of helmet once at start. Every option above is fixed (no
 * nonces, nothing taken from the request), so the answer is the same for every request; @fastify/helmet
 * builds the middleware again per request (~60 µs of a lookup by code when it was measured).
 */
export function documentSecurityHeaders(
  https: boolean,
  connectOrigins: readonly string[] = [],
  provider: ProviderOrigins = NO_PROVIDER,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(https, connectOrigins, provider))(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

/**
 * JSON answers of the API are no documents: a browser never runs or frames them, so they carry the
 * OWASP REST set (a policy that allows nothing, no framing, no sniffing, no caching) instead of the
 * page policy. Every scan's answer is smaller for it, which counts on a handheld with bad Wi-Fi.
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The API documentation is an HTML page (Swagger UI), so it is served like the app's pages. */
export const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

type HeaderHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

export interface SecurityHeaders {
  /** The headers for a path, for answers that no route hook has set (the not-found handler). */
  forPath(url: string): Record<string, string>;
}

/**
 * Fixed headers for every route, bound per route at start (request.routeOptions is built anew on every
 * access). Registered after the auth plugin's onRoute hook and put first, so even a 401 carries them.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  https: boolean,
  connectOrigins: readonly string[] = [],
  provider: ProviderOrigins = NO_PROVIDER,
): SecurityHeaders {
  const api = apiSecurityHeaders(https);
  const documents = documentSecurityHeaders(https, connectOrigins, provider);
  const sender = (headers: Record<string, string>): HeaderHook => {
    return (_request, reply, done) => {
      reply.headers(headers);
      done();
    };
  };
  const sendApi = sender(api);
  const sendDocument = sender(documents);
  app.addHook('onRoute', (route) => {
    route.onRequest = [isApiPath(route.url) ? sendApi : sendDocument, ...hookList(route.onRequest)];
  });
  return { forPath: (url) => (isApiPath(url) ? api : documents) };
}
