// Issue 4 bench: lookup by code over HTTP against the real server with a scale database, compared with a
// Fastify hello-world route in the same run (targets: p99 < 10 ms at 50 connections, throughput ≥ 40 %
// of hello-world). PostgreSQL (throwaway cluster) with 1,000,000 articles; PGlite with 100,000.
// Usage: npx tsx article-lookup/run.ts [--articles N] [--pg | --pglite] [--seconds S]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { freePort, startTempPostgres } from '../../scripts/pg-temp.mjs';
import { sampleCodes } from './codes';
import { measure } from './load';
import { runTsx, startHelloServer, startMdeServer } from './processes';
import { type BackendResult, writeResults } from './report';

const { values } = parseArgs({
  options: {
    articles: { type: 'string' },
    pg: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '15' },
  },
});
const seconds = Number(values.seconds);
const backends: ('postgres' | 'pglite')[] =
  values.pg && !values.pglite ? ['postgres'] : values.pglite && !values.pg ? ['pglite'] : ['postgres', 'pglite'];

async function login(url: string) {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo1234!', stayAuthenticated: true }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('mde_session='));
  if (!res.ok || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie.split(';')[0] as string;
}

async function runBackend(kind: 'postgres' | 'pglite'): Promise<BackendResult> {
  const articles = Number(values.articles ?? (kind === 'postgres' ? 1_000_000 : 100_000));
  const pg = kind === 'postgres' ? await startTempPostgres() : null;
  const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'mde-lookup-bench-')) : null;
  const dbEnv: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir as string };
  try {
    process.stdout.write(`\n${kind}: seeding ${articles.toLocaleString('de-DE')} articles …\n`);
    const seedStart = Date.now();
    await runTsx('src/db/seed/cli.ts', ['--articles', String(articles)], dbEnv);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const mix = await sampleCodes(pg ? { databaseUrl: pg.url } : { dataDir: dataDir as string }, articles);
    const server = await startMdeServer(await freePort(), dbEnv);
    const hello = await startHelloServer(await freePort());
    try {
      const cookie = await login(server.url);
      const headers = { cookie };
      // Warm-up: caches, JIT, connection pool.
      await measure(server.url, mix.paths, headers, 3);
      await measure(hello.url, ['/hello'], {}, 3);
      const helloResult = await measure(hello.url, ['/hello'], {}, seconds);
      const lookup = await measure(server.url, mix.paths, headers, seconds);
      return { kind, articles, seedSeconds, mix: mix.counts, hello: helloResult, lookup, seconds };
    } finally {
      await server.stop();
      await hello.stop();
    }
  } finally {
    pg?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: BackendResult[] = [];
for (const kind of backends) {
  const result = await runBackend(kind);
  results.push(result);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
writeResults(results);
