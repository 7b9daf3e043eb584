import type { FastifyInstance } from 'fastify';

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

/** The policy in the header's syntax (`default-src 'self';script-src …`), computed once. */
const cspValue = (https: boolean) =>
  Object.entries(cspDirectives(https))
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');

/**
 * Helmet's default header set with our choices (no framing, no referrer, HSTS behind https), computed once at
 * start: @fastify/helmet built its middleware anew on every request, ~60 µs of every article lookup.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': cspValue(https),
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

export async function registerSecurityHeaders(app: FastifyInstance, https: boolean) {
  const headers = securityHeaders(https);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
