// The import section of bench/RESULTS.md, from every run kept in last-results.json (so the figures before and
// after a change, and of several sizes, stand side by side).
import type { BackendResult } from './import-bench';
import { latencyCell } from './latency';

export interface Entry extends BackendResult {
  /** e.g. 'before' or 'after', and the commit measured. */
  label: string;
  commit: string;
  date: string;
  machine: string;
}

const s = (v: number) => (v >= 100 ? `${v.toFixed(0)} s` : `${v.toFixed(1)} s`);
const n = (v: number) => v.toLocaleString('en-US');
const kib = (bytes: number) => `${n(Math.round(bytes / 1024))} KiB`;
const tick = (ok: boolean) => (ok ? '✔' : '✘');

export function importRow(e: Entry) {
  const ratio = e.first.seconds / e.copy.seconds;
  const again = e.again.seconds / e.first.seconds;
  const load = `${e.first.load[0]}→${e.first.load[1]}`;
  return (
    `| ${e.label} (${e.commit}) | ${e.backend} | ${n(e.articles)} | ${s(e.first.seconds)} | ${s(e.copy.seconds)} | ` +
    `${ratio.toFixed(1)}× ${tick(ratio <= 3)} | ${s(e.again.seconds)} (${again.toFixed(2)} ${tick(again <= 1 / 3)}) | ` +
    `${n(e.again.rowsWritten)} ${tick(e.again.rowsWritten === 0)} | ${e.first.peakRssMb.toFixed(0)} / ${e.first.peakHeapMb.toFixed(0)} MB | ` +
    `${latencyCell(e.lookups)} ${tick(e.lookups.p95 < 500 && e.lookups.over2s === 0)} | ` +
    `${latencyCell(e.syncs)} ${tick(e.syncs.p95 < 500 && e.syncs.over2s === 0)} | ${load} |`
  );
}

export function cacheRow(e: Entry) {
  const { full, delta, articles, run } = e.changed;
  const share = delta.bytes / full.bytes;
  const pages = delta.pageMs.map((ms) => Math.round(ms)).join(', ');
  return (
    `| ${e.label} (${e.commit}) | ${e.backend} | ${n(e.tables.article ?? 0)} | ${n(articles)} (${s(run.seconds)}) | ` +
    `${n(full.items)} in ${full.pages} pages, ${kib(full.bytes)} (${kib(full.jsonBytes)} JSON) | ` +
    `${n(delta.items)} in ${delta.pages} pages, ${kib(delta.bytes)} (${kib(delta.jsonBytes)} JSON) | ` +
    `${(share * 100).toFixed(1)} % ${tick(share <= 0.05)} | ${pages} ms |`
  );
}

export function importSection(entries: Entry[], notes: string) {
  const machines = [...new Set(entries.map((e) => `${e.date} ${e.label} (${e.commit}): ${e.machine}`))];
  return `## Import (CSV → articles)

\`npm run bench -- import [--articles N] [--db pglite|pg|both] [--label before|after]\` (bench/import/run.ts;
default 20,000 articles; the full run is \`--articles 1000000\`). The file is an ERP team's own: UTF-8 with BOM,
\`;\`, decimal comma; each article 2 units (ST, KI of 12), an EAN-13 piece code and a GTIN-14 case code with
valid check digits, a price and a listing in store 1100 (bench/import/csv.ts). **Import** = \`npm run import --
articles\`'s command on a fresh database (demo data with 200 seeded articles), while a paced load (a separate
process, open loop, timed from when each request was due) sends 5 article lookups/s and 1 capture sync/s
(Bestellvorschlag, one line) as the demo user through the real HTTP API of an app on the same database: on
PGlite the app runs in the importing process, as the server runs the import itself there; on PostgreSQL it is a
server process of its own. **COPY** = the same rows (every row of the article tables the import wrote) loaded by
the database's own COPY into the same tables of a fresh database of the same kind (same indexes, constraints,
triggers; the article summary filled once, see below) in one transaction, in the same run: psql's \`\\copy\` (COPY FROM STDIN) on PostgreSQL, COPY from a
blob on PGlite (file-backed like the server's). **Re-import** = the unchanged file again; "writes" counts the
article tables' rows with a transaction id (xmin) after a mark taken before it. Memory: peak RSS / peak heap of
the importing process (on PGlite it holds the app and the database too). Lookups and syncs: p50 / p95 / max
(count, over 2 s). Targets of issue 42's "what must hold": import ≤ 3× COPY, re-import ≤ ⅓ and writes nothing,
lookups and syncs p95 < 500 ms and none over 2 s. Load = 1-minute load average before → after the import on
the machine's cores: this machine is shared with other jobs, so every figure here is disturbed by them.

| run | database | articles | import | COPY | import/COPY | re-import (÷ import) | re-import writes | memory | lookups during import | syncs during import | load |
|---|---|---:|---:|---:|---|---|---|---|---|---|---|
${entries.map(importRow).join('\n')}

**A device's refresh after an import that changes every 50th article** (1,000 of 50,000: a new price), on the
same database after the runs above: the full download of the demo store's article cache as the web app's sync
asks for it (pages of 1,000, \`GET /api/v1/articles/cache\`, \`Accept-Encoding: br, gzip\`), then the refresh
with \`changedSince\` the full download's snapshot. Target: the refresh transfers ≤ 5 % of the full download.

| run | database | articles in the table | changed by the import (its time) | full download | refresh | refresh/full | refresh page times |
|---|---|---:|---|---|---|---|---|
${entries.map(cacheRow).join('\n')}

${notes}

Machines: ${machines.join('; ')}.`;
}
