import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hookList } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The hot path of every scan: helmet's headers from a copy made at start (see fixedSecurityHeaders). */
    fixedSecurityHeaders?: boolean;
  }
}

/** Strict policy the app passes: no inline scripts, wasm allowed for the barcode decoder (issue 3). */
function cspDirectives(https: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    // Mantine sets style attributes at run time; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] as string[] } : {}),
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * What helmet sends with the options below, as one object. @fastify/helmet builds its middleware anew for
 * every request (~60 µs, a third of an article lookup under load), so the lookup route sends this copy; a
 * test keeps it equal to what helmet sends on every other route.
 */
export function fixedSecurityHeaders(https: boolean): Record<string, string> {
  const csp = Object.entries(cspDirectives(https))
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Route config of the hot path: helmet skips it, the fixed copy is sent instead. */
export const FIXED_SECURITY_HEADERS = { helmet: { skipRoute: true }, fixedSecurityHeaders: true } as const;

export async function registerSecurityHeaders(app: FastifyInstance, https: boolean) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // Route hooks bound at start (request.routeOptions is built anew on every access). Registered after the
  // auth plugin's onRoute hook and put first, so even a 401 of the route carries the headers.
  const fixed = fixedSecurityHeaders(https);
  const sendFixed = (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(fixed);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.fixedSecurityHeaders) route.onRequest = [sendFixed, ...hookList(route.onRequest)];
  });

  // Also for unknown /api/ paths (404), so global; a callback hook, no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
