import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { createDatabase } from '../../../../scripts/pg-temp.mjs';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { TEMPLATE_SEED_ARTICLES, templateDataDir } from './database-template';

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  kind: DatabaseHandle['kind'];
  /** The PostgreSQL database of this app; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server named by TEST_DATABASE_URL, empty or a copy of `template`; drop()
 * waits for the connections still closing, then removes it.
 */
export async function createTestDatabase(adminUrl: string, template?: string) {
  const { name, url } = await createDatabase(adminUrl, 'mde_test', template);
  return {
    name,
    url,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg's Pool.end() resolves before its sockets have closed; a forced drop would then terminate them
      // and the pool's clients throw 'terminating connection' as uncaught errors. Wait for them first.
      for (let i = 0; i < 50; i++) {
        const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A migrated, seeded app on its own database: in-memory PGlite by default, a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL when set (npm test runs the API suite both ways).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { clock?: () => number } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The run's template holds the default seed; a test that seeds otherwise builds its database itself.
  const seedsOtherwise = 'SEED_DEMO' in envOverrides || 'SEED_ARTICLES' in envOverrides;
  const template = seedsOtherwise ? undefined : inject('databaseTemplate');
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let database: DatabaseHandle;
  if (adminUrl) {
    const cluster = inject('postgresClusters')?.find((c) => c.adminUrl === adminUrl);
    const created = await createTestDatabase(adminUrl, seedsOtherwise ? undefined : cluster?.template);
    databaseUrl = created.url;
    database = await openDatabase({ databaseUrl });
    dropDatabase = created.drop;
  } else {
    database = await openDatabase({ loadDataDir: template ? templateDataDir(template) : undefined });
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ARTICLES: TEMPLATE_SEED_ARTICLES,
    PUBLIC_URL: 'https://mde.example.test',
    WEB_DIST: '/nonexistent',
    // The day close runs on the real clock; its tests drive it with a clock of their own.
    DAY_CLOSE_WORKER: 'false',
    // Webhook tests run their deliveries themselves.
    WEBHOOK_WORKER: 'false',
    ...envOverrides,
  });
  const app = await buildApp({ env, database, seed: true, logger: false, clock: options.clock });
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * A PGlite database of the test's own, in memory or in `dataDir`, that starts as a copy of the run's template
 * (migrated and seeded) instead of running initdb, the migrations and the seed again. On the PostgreSQL run there
 * is no PGlite template: it starts empty, as openDatabase makes it.
 */
export function openPGliteFromTemplate(dataDir?: string): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  return openDatabase({ dataDir, loadDataDir: template ? templateDataDir(template) : undefined });
}

/**
 * A second server instance on the same PostgreSQL database (own connection pool), for tests that must
 * hold across instances; PGlite belongs to one process, so there it is undefined. Close it before t.
 */
export async function createSecondInstance(t: TestApp): Promise<FastifyInstance | undefined> {
  if (!t.databaseUrl) return undefined;
  const database = await openDatabase({ databaseUrl: t.databaseUrl });
  const app = await buildApp({ env: t.app.env, database, logger: false });
  app.addHook('onClose', () => database.close());
  await app.ready();
  return app;
}

export const DEMO = { username: 'demo', password: 'Demo1234!' } as const;
export const FILIALE = { username: 'filiale', password: 'Filiale1234!' } as const;
export const EXTERN = { username: 'extern', password: 'Extern1234!' } as const;

/** Logs in and returns the Cookie header value for later requests. */
export async function loginAs(
  app: FastifyInstance,
  user: { username: string; password: string },
  stayAuthenticated = false,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { ...user, stayAuthenticated },
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name.endsWith('mde_session'));
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** inject() with a session cookie; JSON bodies as objects or raw strings. */
export function as(app: FastifyInstance, cookie: string) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions);
}

/** A 10 kB string: bodies that carry one must be refused with a German message. */
export const HUGE = 'x'.repeat(10_240);

type Session = ReturnType<typeof as>;
interface SharedTestApp extends TestApp {
  /** A session of this user, logged in once the app is up (after `prepare`); call it at the file's top level. */
  login(user: { username: string; password: string }): Session;
}

/**
 * The set-up most API test files share: one app for the whole file, made before its tests (createTestApp, then
 * `prepare`, then the logins asked for with login()) and closed after them. Its fields are there once the
 * file's tests run.
 */
export function useTestApp(
  options: { env?: Record<string, string>; clock?: () => number; prepare?: (t: TestApp) => Promise<void> } = {},
): SharedTestApp {
  let current: TestApp | undefined;
  const logins: { user: { username: string; password: string }; cookie?: string }[] = [];
  const ready = () => {
    if (!current) throw new Error('useTestApp: the app is made in beforeAll; use it inside a test or a hook');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(options.env, { clock: options.clock });
    await options.prepare?.(current);
    for (const login of logins) login.cookie = await loginAs(current.app, login.user);
  });
  afterAll(() => current?.close());
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get kind() {
      return ready().kind;
    },
    get databaseUrl() {
      return ready().databaseUrl;
    },
    close: () => ready().close(),
    login(user) {
      const login: (typeof logins)[number] = { user };
      logins.push(login);
      return (options) => {
        if (!login.cookie) throw new Error(`useTestApp: ${user.username} is not logged in yet`);
        return as(ready().app, login.cookie)(options);
      };
    },
  };
}
