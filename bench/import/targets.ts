// The two databases the import bench runs on, each as the server uses it: PGlite in a data directory with the
// app in the same process (the server runs `npm run import` itself there), PostgreSQL in a throwaway cluster
// with the app as a server process of its own (the CLI imports from another process).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { createDatabase, findPgBin, startTempPostgres } from '../../scripts/pg-temp.mjs';
// @ts-expect-error plain .mjs helper, no type declarations
import { startServer } from '../lib/server.mjs';
import { pgliteCopyBaseline, postgresCopyBaseline } from './copy-baseline';
import type { Target } from './import-bench';

export function pgliteTarget(dir: string): Target {
  let n = 0;
  const nextDir = () => {
    const dataDir = path.join(dir, `pglite-${++n}`);
    fs.mkdirSync(dataDir, { mode: 0o700 });
    return dataDir;
  };
  return {
    name: 'PGlite',
    open: () => openDatabase({ dataDir: nextDir() }),
    async startApp(database) {
      const env = loadEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
      const app = await buildApp({ env, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return { url: `http://127.0.0.1:${port}`, stop: () => app.close() };
    },
    async copy(imported, fresh, tables, mark, bulk) {
      const dump = (database: DatabaseHandle) => {
        if (!database.dumpDataDir) throw new Error('a PGlite database expected');
        return database.dumpDataDir();
      };
      return pgliteCopyBaseline(await dump(imported), await dump(fresh), tables, mark, bulk, nextDir());
    },
  };
}

export const hasPostgres = () => Boolean(findPgBin());

export async function postgresTarget(): Promise<Target & { stop(): void }> {
  const cluster = (await startTempPostgres()) as { url: string; stop(): void };
  const psql = path.join(findPgBin() as string, 'psql');
  const urls = new WeakMap<DatabaseHandle, string>();
  const urlOf = (database: DatabaseHandle) => {
    const url = urls.get(database);
    if (!url) throw new Error('not a database of this cluster');
    return url;
  };
  return {
    name: 'PostgreSQL',
    async open() {
      const { url } = (await createDatabase(cluster.url, 'mde_import_bench')) as { url: string };
      const database = await openDatabase({ databaseUrl: url });
      urls.set(database, url);
      return database;
    },
    async startApp(database) {
      const server = (await startServer({ DATABASE_URL: urlOf(database), SEED_ARTICLES: '0' })) as {
        url: string;
        stop(): void;
      };
      return { url: server.url, stop: async () => server.stop() };
    },
    copy: async (imported, fresh, tables, mark, bulk) =>
      postgresCopyBaseline(psql, urlOf(imported), urlOf(fresh), tables, mark, bulk),
    stop: () => cluster.stop(),
  };
}
