import type { FastifyInstance } from 'fastify';

/** How long requests in flight get to finish once the server is asked to stop. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Stops taking requests, lets the ones in flight finish, then closes the app (and its database).
 * Fastify closes only idle connections: one that holds a request that never completes (a client that
 * sent half its headers, a scanner that lost its Wi-Fi mid-request) kept the server up until Node's
 * header timeout, a minute after SIGTERM. A keep-alive connection whose request finishes after the close
 * began is closed as soon as it is idle; after the grace period every connection is closed.
 */
export async function shutDown(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS) {
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(force);
  }
}
