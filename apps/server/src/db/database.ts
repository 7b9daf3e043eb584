import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PRIVATE_DIR_MODE, privateTree } from '../lib/private-files';
import { lockDataDir } from './data-dir-lock';
import type { Db } from './db-type';
import { GENERIC_PLAN_CONNECTION, registerGenericPlans } from './generic-plans';
import { NOTIFY_CHANNELS, Notifications } from './notifications';
import { poolConnectionSetup } from './pg-connections';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type { Db };
export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations); not for request-time queries. */
  execScript(sql: string): Promise<void>;
  /** Runs fn while holding a cluster-wide lock, so two instances never migrate or seed at once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** LISTEN/NOTIFY on the channels of notifications.ts, for caches that must drop entries at once. */
  notifications: Notifications;
  /**
   * PGlite only: the data directory as a tarball, taken between two statements and outside any transaction
   * (through the one connection's queue) after a checkpoint, so it holds exactly the transactions committed
   * before it and nothing of one still open. Gzipped unless asked otherwise: a copy that is loaded again at once
   * on the same machine (the tests' template) unpacks faster as a plain tar.
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /** How the connection pool is used (PostgreSQL; PGlite has its one connection). */
  poolStats?(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;
// Same JS types from both drivers: counts and ids as numbers, dates as 'YYYY-MM-DD' strings.
const toNumber = (v: string) => Number(v);
const keepString = (v: string) => v;

const embedded = new WeakSet<Db>();

/** Whether statements run on this process's own thread (PGlite), not in a database server beside it. */
export const runsInProcess = (db: Db) => embedded.has(db);

/** Where a database server's complaints about idle connections go (the app's logger). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

const stderrLog: DatabaseLog = { warn: (details, message) => console.warn(message, details) };

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite: start from this data directory tarball (dumpDataDir) instead of an empty one (a new dataDir only). */
  loadDataDir?: Blob;
  log?: DatabaseLog;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.log ?? stderrLog);
  return openPGlite(options.dataDir, options.loadDataDir);
}

async function openPGlite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ? `file://${dataDir}` : 'memory://', {
      parsers: { [INT8]: toNumber, [DATE]: keepString, [NUMERIC]: toNumber },
      loadDataDir,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // Files PGlite made or found with wider modes (its file system chmods each file itself; a copied directory).
  if (dataDir) privateTree(dataDir);
  // One embedded database, one connection: PGlite hands its notifications to these callbacks while the
  // statement that raised them is being answered (prepared statements' answers through the dialect).
  const notifications = new Notifications();
  const deliver = (channel: string, payload: string) => notifications.deliver(channel, payload);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, deliver) });
  embedded.add(db);
  for (const channel of NOTIFY_CHANNELS) {
    await pglite.listen(channel, (payload) => deliver(channel, payload));
  }
  notifications.connectionUp(pglite);
  return {
    db,
    kind: 'pglite',
    notifications,
    async execScript(sql) {
      // Goes through Kysely's connection queue so it never interleaves with a transaction.
      await db.connection().execute(async () => {
        await pglite.exec(sql);
      });
    },
    dumpDataDir: (compression = 'gzip') =>
      db.connection().execute(async () => {
        await pglite.exec('checkpoint');
        // What PGlite wrote since the start (with its own modes) is narrowed again, before it is copied.
        if (dataDir) privateTree(dataDir);
        return pglite.dumpDataDir(compression);
      }),
    withStartupLock: (fn) => fn(), // one embedded database belongs to one process (data-dir-lock.ts)
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string, log: DatabaseLog): Promise<DatabaseHandle> {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8 || oid === NUMERIC) return toNumber;
      if (oid === DATE) return keepString;
      return pg.types.getTypeParser(oid, format);
    },
  };
  // pg closes a connection after 10 s idle by default. Under uneven load that churned backends: a new one is a
  // fork, a LISTEN and a first lookup statement of 20-40 ms (cold caches), and the scans in that statement
  // wait for it (the lookup bench). Connections opened for a peak stay for a few minutes instead.
  const shared = { connectionString: url, idleTimeoutMillis: 300_000, types };
  // An idle connection that PostgreSQL ends (restart, failover, pg_terminate_backend) is an 'error' on the
  // pool; unheard, it ended the whole server. The pool drops that connection and opens a new one on demand.
  const lostWhileIdle = (error: Error) => log.warn({ err: error }, 'database connection lost while idle');
  const notifications = new Notifications();
  const pool = new pg.Pool({ ...shared, max: 20, onConnect: poolConnectionSetup(notifications) });
  pool.on('remove', (client) => notifications.connectionDown(client));
  pool.on('error', lostWhileIdle);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The lookup batcher's statements (two on their way at most), see generic-plans.ts.
  const genericPlanPool = new pg.Pool({ ...shared, max: 2, ...GENERIC_PLAN_CONNECTION });
  genericPlanPool.on('error', lostWhileIdle);
  registerGenericPlans(db, genericPlanPool);
  return {
    db,
    kind: 'postgres',
    notifications,
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async execScript(sql) {
      await pool.query(sql);
    },
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727001)');
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await db.destroy();
      await genericPlanPool.end();
    },
  };
}
