import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import { migrationNames } from '../../db/migrate';
import { appliedMigrations } from './operations.service';

/** A probe every second asks the database at most once a second. */
const READY_CACHE_MS = 1_000;
/** A database that does not answer within this time counts as unreachable: the probe must not hang. */
const READY_TIMEOUT_MS = 2_000;

type Readiness = { ready: true } | { ready: false; reason: 'database' | 'migrations' };

/**
 * GET /health/live: the process answers. GET /health/ready: the database is reachable and every migration
 * is applied; 503 otherwise. Outside /api, so no session, no CSRF check, no log line per call (a load
 * balancer probes every second). From the moment a graceful stop begins (shutdown.ts) Fastify answers every
 * request that still arrives, this one included, with 503 and closes the connection after it.
 */
export async function healthRoutes(app: FastifyInstance) {
  const checkDatabase = cachedCheck(() => databaseReadiness(app.database), app.clock ?? Date.now);

  app.get('/health/live', { logLevel: 'silent' }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/health/ready', { logLevel: 'silent' }, async (_request, reply) => {
    const readiness = await checkDatabase();
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return reply.send({ status: 'ok' });
    return reply.status(503).send({ message: 'Server ist nicht bereit.', code: 'NOT_READY', reason: readiness.reason });
  });
}

async function databaseReadiness(database: DatabaseHandle): Promise<Readiness> {
  const expected = migrationNames();
  const check = appliedMigrations(database.db, expected);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([check, timeout]);
    if (result === 'timeout') return { ready: false, reason: 'database' };
    return result.rows[0]?.applied === expected.length ? { ready: true } : { ready: false, reason: 'migrations' };
  } catch {
    return { ready: false, reason: 'database' };
  } finally {
    clearTimeout(timer);
  }
}

/** One check at a time, its answer kept for READY_CACHE_MS of `clock` (the app's, which a test may hold). */
function cachedCheck(check: () => Promise<Readiness>, clock: () => number) {
  let last: { at: number; value: Promise<Readiness> } | undefined;
  return () => {
    const now = clock();
    if (!last || now - last.at >= READY_CACHE_MS) last = { at: now, value: check() };
    return last.value;
  };
}
