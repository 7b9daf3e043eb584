// npm run bench -- import [--articles N] [--db pglite|pg|both] [--label before|after]: see import-bench.ts.
// Each run is kept in last-results.json beside the earlier ones (same label, database and size replaced) and
// the import section of bench/RESULTS.md is written from all of them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// @ts-expect-error plain .mjs helper, no type declarations
import { writeSection } from '../lib/results.mjs';
import { benchBackend, type Target } from './import-bench';
import { type Entry, importSection } from './report';
import { hasPostgres, pgliteTarget, postgresTarget } from './targets';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '20000' },
    db: { type: 'string', default: 'both' },
    label: { type: 'string', default: 'run' },
  },
});
const articles = Number(values.articles);
if (!Number.isInteger(articles) || articles < 100) throw new Error('--articles: a whole number of at least 100');
if (!['pglite', 'pg', 'both'].includes(values.db)) throw new Error('--db: pglite, pg or both');

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', '../../apps'], { cwd: here, encoding: 'utf8' });
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const resultsFile = path.join(here, 'last-results.json');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-bench-'));

const targets: (Target & { stop?(): void })[] = [];
if (values.db !== 'pg') targets.push(pgliteTarget(dir));
if (values.db !== 'pglite') {
  if (hasPostgres()) targets.push(await postgresTarget());
  else console.log('PostgreSQL: no server binaries under /usr/lib/postgresql, skipped');
}
const entries: Entry[] = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : [];
try {
  for (const target of targets) {
    const result = await benchBackend(target, {
      articles,
      seedArticles: 200,
      lookupsPerSecond: 5,
      syncsPerSecond: 1,
      changeEvery: 50,
      dir,
      log: (line) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`),
    });
    const entry: Entry = {
      ...result,
      label: values.label,
      commit: `${commit}${dirty ? '+' : ''}`,
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: `${machine}, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end`,
    };
    console.log(JSON.stringify(entry));
    const same = (e: Entry) => e.label === entry.label && e.backend === entry.backend && e.articles === entry.articles;
    const kept = entries.filter((e) => !same(e));
    entries.splice(0, entries.length, ...kept, entry);
    fs.writeFileSync(resultsFile, `${JSON.stringify(entries, null, 1)}\n`);
    const notes = fs.existsSync(path.join(here, 'notes.md'))
      ? fs.readFileSync(path.join(here, 'notes.md'), 'utf8').trim()
      : '';
    writeSection('import', importSection(entries, notes));
  }
} finally {
  for (const target of targets) target.stop?.();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  fs
    .readFileSync(path.join(here, '../RESULTS.md'), 'utf8')
    .split('<!-- import:start -->')[1]
    ?.split('<!-- import:end -->')[0],
);
