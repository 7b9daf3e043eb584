// npm run bench -- import: master data in from CSV on PGlite and PostgreSQL. Imports N articles (default
// 20,000, a size that fits CI; `--articles 1000000` for the full run) through `npm run import`'s command,
// compares the time with the seed's own bulk insert of the same count on a fresh database of the same
// backend, imports the unchanged file again (must write nothing, at most a third of the first import's
// time) and samples the process's memory while importing (streamed: it must not grow with the file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../../apps/server/src/config/env';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import type { AdminCommandContext } from '../../apps/server/src/lib/admin-command';
import { importCommand } from '../../apps/server/src/modules/integration/import.command';
import { seedDemoData } from '../../apps/server/src/seed';
import { seedArticles } from '../../apps/server/src/seed/article-seed';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { createDatabase, findPgBin, startTempPostgres } from '../../scripts/pg-temp.mjs';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { writeSection } from '../lib/results.mjs';

const { values } = parseArgs({ options: { articles: { type: 'string', default: '20000' } } });
const articles = Number(values.articles);

function ean13(body12: string): string {
  const sum = [...body12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

/** A German Excel CSV of n articles, written line by line. */
async function writeCsv(file: string, n: number) {
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    '\uFEFFFirma;Artikelnummer;Bezeichnung 1;Bezeichnung 2;Abteilung;Basiseinheit;Waagen-PLU;Einheiten;Codes;Preise;Lieferanten;Listungen\n',
  );
  for (let i = 1; i <= n; i++) {
    const code = ean13(`40${String(i).padStart(10, '0')}`);
    const euro = `${1 + (i % 9)},${String(i % 100).padStart(2, '0')}`;
    await write(
      `1;B${i};Bench-Artikel ${i};Größe ${i % 7};Abteilung ${i % 12};ST;;ST:1:${100 + (i % 900)}|KI:12;${code}:ST;` +
        `1100:ST:${euro}:01.01.2026;;1100:01.01.2026:${i % 50}:${i % 10}\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

interface Backend {
  name: string;
  open(): Promise<DatabaseHandle>;
  stop(): void;
}

async function freshDatabase(backend: Backend) {
  const database = await backend.open();
  await migrate(database);
  await seedDemoData(database.db, { articles: 0 });
  return database;
}

async function runImport(database: DatabaseHandle, file: string) {
  const lines: string[] = [];
  const context: AdminCommandContext = {
    database,
    env: loadEnv({ NODE_ENV: 'production' }),
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    progress: () => undefined,
  };
  let peak = 0;
  const base = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss - base);
  }, 100);
  const started = performance.now();
  const code = await importCommand.run(context, ['articles', file]);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`import failed: ${lines.join('\n')}`);
  return { seconds, line: lines[0] ?? '', peakMb: peak / 1024 / 1024 };
}

async function measure(backend: Backend, file: string) {
  const seedDb = await freshDatabase(backend);
  let started = performance.now();
  await seedArticles(seedDb.db, { articles, seed: 4711, transactionPerBatch: true, batchSize: 2000 });
  const seedSeconds = (performance.now() - started) / 1000;
  await seedDb.close();
  const importDb = await freshDatabase(backend);
  const first = await runImport(importDb, file);
  const again = await runImport(importDb, file);
  started = performance.now();
  await importDb.close();
  return { backend: backend.name, seedSeconds, first, again };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-bench-'));
const file = path.join(dir, 'articles.csv');
await writeCsv(file, articles);
const sizeMb = fs.statSync(file).size / 1024 / 1024;
const backends: Backend[] = [{ name: 'PGlite', open: () => openDatabase({}), stop: () => undefined }];
let pg: { url: string; stop(): void } | undefined;
if (findPgBin()) {
  pg = await startTempPostgres();
  const adminUrl = pg?.url;
  backends.push({
    name: 'PostgreSQL',
    open: async () => openDatabase({ databaseUrl: (await createDatabase(adminUrl, 'mde_import_bench')).url }),
    stop: () => undefined,
  });
}
const results = [];
try {
  for (const backend of backends) {
    console.log(`${backend.name}: ${articles.toLocaleString('de-DE')} Artikel …`);
    results.push(await measure(backend, file));
  }
} finally {
  pg?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

const f = (s: number) => s.toFixed(1);
const rows = results.map((r) => {
  const ratio = r.first.seconds / r.seedSeconds;
  const again = r.again.seconds / r.first.seconds;
  const unchanged = /0 neu, 0 geändert/.test(r.again.line);
  return (
    `| ${r.backend} | ${f(r.seedSeconds)} s | ${f(r.first.seconds)} s | ${ratio.toFixed(2)}× ${ratio <= 1.5 ? '✔' : '✘'} | ` +
    `${f(r.again.seconds)} s | ${again.toFixed(2)} ${again <= 1 / 3 ? '✔' : '✘'} | ${unchanged ? 'nichts ✔' : 'geschrieben ✘'} | ${r.first.peakMb.toFixed(0)} MB |`
  );
});
const markdown = `## Import (CSV → articles)

${articles.toLocaleString('de-DE')} articles in a ${sizeMb.toFixed(1)} MB CSV (UTF-8 with BOM, \`;\`, decimal comma;
one unit pair, one EAN, one price, one listing each), imported by \`npm run import -- articles\`'s command in
process, in chunks of 5,000 lines per transaction. Seed = \`seedArticles\` for the same count on a fresh database
of the same backend (the seed also writes firma 2's tenth, stock, turnover and orders: it is the heavier side).
Targets: import within 1.5× of the seed; re-import of the unchanged file writes nothing in at most ⅓ of the first
import's time; memory growth while importing independent of the file size (streamed). Full run:
\`npx tsx bench/import/run.ts --articles 1000000\`.

| Backend | Seed | Import | Import/Seed | Re-import | Re-import/Import | Re-import writes | Memory growth |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
writeSection('import', markdown);
console.log(markdown);
