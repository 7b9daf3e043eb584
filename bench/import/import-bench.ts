// One database's run of the import bench (run.ts runs it on PGlite and PostgreSQL; import-bench.test.ts at a
// tiny size): the import through `npm run import`'s command while a paced load of lookups and syncs goes
// through the real HTTP API on the same database, the COPY baseline of the same rows, the re-import of the
// unchanged file, and a device's article-cache refresh after an import that changes every 50th article.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadEnv } from '../../apps/server/src/config/env';
import type { DatabaseHandle } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import type { AdminCommandContext } from '../../apps/server/src/lib/admin-command';
import { importCommand } from '../../apps/server/src/modules/integration/import.command';
import { seedDemoData } from '../../apps/server/src/seed';
import { type CacheTransfer, downloadCache } from './cache-delta';
import type { BulkLoad, CopyBaseline, CopyTable } from './copy-baseline';
import { writeArticleCsv } from './csv';
import {
  articleTables,
  derivedTables,
  loadableColumns,
  loadOrder,
  rowCounts,
  rowsWrittenSince,
  sum,
  transactionMark,
} from './db-probe';
import { type LatencySummary, type Sample, summarise } from './latency';
import { startPacedLoad } from './load';

/** A database kind as the bench drives it. */
export interface Target {
  name: string;
  /** A new empty database. */
  open(): Promise<DatabaseHandle>;
  /** The app on this database, answering HTTP on a loopback port. */
  startApp(database: DatabaseHandle): Promise<{ url: string; stop(): Promise<void> }>;
  /** The COPY baseline of the rows of `tables` that `imported` wrote after `mark`, into `fresh`. */
  copy(
    imported: DatabaseHandle,
    fresh: DatabaseHandle,
    tables: CopyTable[],
    mark: number,
    bulk: BulkLoad,
  ): Promise<CopyBaseline>;
}

export interface BenchOptions {
  articles: number;
  /** Articles the demo seed brings (the stores' lookups and syncs use them from the first second). */
  seedArticles: number;
  lookupsPerSecond: number;
  syncsPerSecond: number;
  /** The changed file changes every k-th article (50: 1,000 of 50,000). */
  changeEvery: number;
  /**
   * How long after the first import the device's full download starts (default a minute and a second, see
   * OVERLAP_MS); the test of the bench's own steps sets 0.
   */
  settleMs?: number;
  dir: string;
  log?: (line: string) => void;
}

export interface ImportRun {
  seconds: number;
  line: string;
  /** Rows of the catalogue's tables the run inserted or updated (xmin after a mark taken before it). */
  rowsWritten: number;
  /** Peak resident set and heap of the importing process while it ran, in MB. */
  peakRssMb: number;
  baseRssMb: number;
  peakHeapMb: number;
  load: [number, number];
}

export interface BackendResult {
  backend: string;
  articles: number;
  csvMb: number;
  first: ImportRun;
  copy: CopyBaseline;
  again: ImportRun;
  lookups: LatencySummary;
  syncs: LatencySummary;
  tables: Record<string, number>;
  changed: { articles: number; run: ImportRun; full: CacheTransfer; delta: CacheTransfer };
}

/** The overlap of the article cache's delta pages, and a second more. */
const OVERLAP_MS = 61_000;
/**
 * How the schema loads articles in bulk (the seed does the same, seed/article-seed.ts): the read model
 * article_summary, which the tables' triggers would recompute once per table, is deferred and filled once.
 */
const SUMMARY_DEFERRED: BulkLoad = {
  before: [`select set_config('mde.article_summary_deferred', 'on', true)`],
  after: [
    'select article_summary_fill(array(select id from article where xmin::text::bigint = txid_current()))',
    `select set_config('mde.article_summary_deferred', '', true)`,
  ],
};
const mb = (bytes: number) => bytes / 1024 / 1024;
const loadAverage = () => Number((os.loadavg()[0] ?? 0).toFixed(1));

async function freshDatabase(target: Target, seedArticles: number) {
  const database = await target.open();
  await migrate(database);
  await seedDemoData(database.db, { articles: seedArticles });
  return database;
}

/**
 * The import command as `npm run import -- articles <file>` runs it, timed, its memory sampled. `imported` runs as soon as the import has returned, before the rows it wrote are counted:
 * the count reads every row of the article tables, which is the bench's work, not the import's, and the stores'
 * load beside the import must not wait for it.
 */
async function runImport(
  database: DatabaseHandle,
  file: string,
  tables: string[],
  imported: () => Promise<void> = () => Promise.resolve(),
): Promise<ImportRun> {
  const lines: string[] = [];
  const context: AdminCommandContext = {
    database,
    env: loadEnv({ NODE_ENV: 'production' }),
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    progress: () => undefined,
  };
  const mark = await transactionMark(database.db);
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 100);
  const loadBefore = loadAverage();
  const started = performance.now();
  const code = await importCommand.run(context, ['articles', file]).finally(() => clearInterval(sampler));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import failed (${code}): ${lines.join('\n')}`);
  await imported();
  const written = await rowsWrittenSince(database.db, tables, mark);
  return {
    seconds,
    line: lines[0] ?? '',
    rowsWritten: sum(written),
    peakRssMb: mb(peakRss),
    baseRssMb: mb(base.rss),
    peakHeapMb: mb(peakHeap),
    load: [loadBefore, loadAverage()],
  };
}

async function login(url: string) {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo1234!', stayAuthenticated: false }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The demo store's (vkforg 11) seeded articles with their printed EAN-13: what its scanners look up. */
async function storeArticles(database: DatabaseHandle) {
  const result = await sql<{ gtin14: string; id: number; base_unit: string }>`
    select distinct on (a.id) c.gtin14, a.id, a.base_unit from article a
      join article_code c on c.article_id = a.id and c.code_type = 'ean13' and c.factor = 1
      join article_listing l on l.article_id = a.id and l.vkforg_id = 11
     order by a.id limit 100`.execute(database.db);
  if (result.rows.length === 0) throw new Error('the demo seed left the store without articles to scan');
  return result.rows;
}

export async function benchBackend(target: Target, options: BenchOptions): Promise<BackendResult> {
  const log = options.log ?? (() => undefined);
  const file = path.join(options.dir, `articles-${options.articles}.csv`);
  if (!fs.existsSync(file)) await writeArticleCsv(file, options.articles);
  const csvMb = mb(fs.statSync(file).size);
  const database = await freshDatabase(target, options.seedArticles);
  const app = await target.startApp(database);
  try {
    const cookie = await login(app.url);
    const articles = await storeArticles(database);
    const tables = await articleTables(database.db);
    const mark = await transactionMark(database.db);

    log(`${target.name}: import of ${options.articles} articles beside the paced load …`);
    const load = await startPacedLoad({
      url: app.url,
      cookie,
      codes: articles.map((a) => a.gtin14.slice(1)),
      articles: articles.map((a) => ({ id: a.id, unit: a.base_unit })),
      lookupsPerSecond: options.lookupsPerSecond,
      syncsPerSecond: options.syncsPerSecond,
    });
    let samples: Sample[] = [];
    let firstEnded = 0;
    const first = await runImport(database, file, tables, async () => {
      firstEnded = performance.now();
      samples = await load.stop();
    }).catch(async (error: unknown) => {
      await load.stop();
      throw error;
    });
    const written = await rowsWrittenSince(database.db, tables, mark);
    const touched = tables.filter((t) => (written[t] ?? 0) > 0);
    const derived = await derivedTables(database.db, touched);
    const copied = await loadOrder(
      database.db,
      touched.filter((t) => !derived.includes(t)),
    );

    log(`${target.name}: COPY baseline into ${copied.join(', ')} (filling ${derived.join(', ') || 'nothing else'}) …`);
    const fresh = await freshDatabase(target, options.seedArticles);
    const copyTables: CopyTable[] = [];
    for (const name of copied) copyTables.push({ name, columns: await loadableColumns(database.db, name) });
    const bulk = derived.includes('article_summary') ? SUMMARY_DEFERRED : { before: [], after: [] };
    const copy = await target.copy(database, fresh, copyTables, mark, bulk).finally(() => fresh.close());

    log(`${target.name}: re-import of the unchanged file …`);
    const again = await runImport(database, file, tables);

    log(
      `${target.name}: the device's full download, an import changing every ${options.changeEvery}th article, its refresh …`,
    );
    // The refresh asks for what changed since its snapshot with a minute's overlap (article-cache.repository.ts):
    // a device that synced a minute or more after the first import would not get its articles again.
    const settle = firstEnded + (options.settleMs ?? OVERLAP_MS) - performance.now();
    if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
    const full = await downloadCache(app.url, cookie);
    const changedFile = path.join(options.dir, `articles-${options.articles}-changed.csv`);
    const { changed } = await writeArticleCsv(changedFile, options.articles, { changeEvery: options.changeEvery });
    const run = await runImport(database, changedFile, tables);
    const delta = await downloadCache(app.url, cookie, full.snapshotAt);
    return {
      backend: target.name,
      articles: options.articles,
      csvMb,
      first,
      copy,
      again,
      lookups: summarise(samples, 'lookup'),
      syncs: summarise(samples, 'sync'),
      tables: await rowCounts(database.db, touched),
      changed: { articles: changed, run, full, delta },
    };
  } finally {
    await app.stop();
    await database.close();
  }
}
