#!/usr/bin/env node
// npm test: system dependencies, lint, typecheck, unit + API tests on PGlite, the API suite again on a real
// PostgreSQL, then end-to-end journeys in Debian's Chromium. Steps that do not depend on each other run side by
// side; each step's wall time is printed against its budget, with the slowest files of each test layer, and one
// closing 'N passed, N failed'. `npm test -- unit e2e` runs only the layers named (docs/testing.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, startTempPostgres } from './pg-temp.mjs';
import { flakyJourneys, playwrightFileTimes, slowestLines, timingLines } from './test-runner/report.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];
const slowest = [];
const LAYERS = ['lint', 'typecheck', 'unit', 'pg', 'e2e'];
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const unknown = only.filter((layer) => !LAYERS.includes(layer));
if (unknown.length > 0) {
  console.error(`Unknown layer ${unknown.join(', ')}; the layers are ${LAYERS.join(', ')}.`);
  process.exit(2);
}
const wants = (layer) => only.length === 0 || only.includes(layer);

// Wall-time budgets in seconds on the 2-core machine CI uses (docs/testing.md); a step over its budget is named
// at the end, so growth is seen when it happens.
const SUITE_BUDGET = 1500;
const BUDGETS = {
  lockfile: 5,
  lint: 30,
  'import rules': 30,
  'doc citations': 15,
  'dead code': 45,
  typecheck: 90,
  'generated module': 300,
  'build web': 60,
  'unit + API tests (PGlite)': 360,
  'API tests (PostgreSQL)': 300,
  'end-to-end (Chromium)': 900,
};

/**
 * Runs one command as a step and records its wall time. `quiet` steps (those running beside others) write to a
 * log that is printed whole when the step ends, so two steps' lines never interleave.
 */
function step(label, cmd, args, { env = {}, quiet = false } = {}) {
  const started = Date.now();
  const log = quiet ? path.join(reports, `${label.replace(/[^a-z0-9]+/gi, '-')}.log`) : undefined;
  if (!quiet) console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push({ label, seconds, budget: BUDGETS[label] ?? SUITE_BUDGET });
      if (log) {
        fs.closeSync(out);
        console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
      }
      console.log(`◀ ${label}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${Math.round(seconds)} s`);
      if (code !== 0) failures.push(label);
      resolve(code === 0);
    });
  });
}

/** Lanes run side by side; the steps of one lane run one after another. */
async function sideBySide(...lanes) {
  const active = lanes.filter((lane) => lane.length > 0);
  const quiet = active.length > 1;
  await Promise.all(
    active.map(async (lane) => {
      for (const [label, cmd, args, options = {}] of lane) await step(label, cmd, args, { ...options, quiet });
    }),
  );
}

function ensureSystemPackages() {
  const missing = [];
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!findPgBin()) missing.push('postgresql');
  // The fail-over journey runs the servers behind Debian's nginx with a certificate made by openssl.
  if (!fs.existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (!fs.existsSync('/usr/bin/openssl')) missing.push('openssl');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian …`);
  const ok = spawnSync('bash', ['-c', command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (ok.status !== 0) process.exit(1);
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

function countVitest(layer, name) {
  const r = readJson(path.join(reports, `${name}.json`));
  if (r) {
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  slowest.push([layer, readJson(path.join(reports, `${name}.files.json`)) ?? []]);
}

function countPlaywright(layer) {
  const r = readJson(path.join(reports, 'e2e.json'));
  if (!r) return;
  const s = r.stats;
  totals.passed += s.expected;
  totals.failed += s.unexpected + s.flaky;
  totals.skipped += s.skipped;
  const flaky = flakyJourneys(r);
  if (flaky.length > 0) console.log(`\nPassed only on a retry (counted as failed):\n  ${flaky.join('\n  ')}`);
  slowest.push([layer, playwrightFileTimes(r)]);
}

// Vitest's own default on this machine is one worker (cores - 1); the API tests wait on their database often
// enough that one worker per core keeps both busy (docs/testing.md has the measurements).
const vitestWorkers = process.env.VITEST_MAX_WORKERS ?? String(os.availableParallelism());
const vitest = (label, name, extraArgs, env = {}) => [
  label,
  'npx',
  [
    'vitest',
    'run',
    `--maxWorkers=${vitestWorkers}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
    '--reporter=./scripts/test-runner/file-times-reporter.mjs',
    ...extraArgs,
  ],
  { env: { ...env, MDE_FILE_TIMES: path.join(reports, `${name}.files.json`) } },
];

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
ensureSystemPackages();
const suiteStarted = Date.now();

// Checks, typecheck and the one build of the web app (the journeys serve it) need nothing of each other.
await sideBySide(
  wants('lint')
    ? [
        ['lockfile', 'node', ['scripts/check-lockfile.mjs']],
        ['lint', 'npx', ['biome', 'check', '.']],
        ['import rules', 'npx', ['depcruise', 'apps', 'packages', '--config', '.dependency-cruiser.cjs']],
        ['doc citations', 'node', ['scripts/check-doc-refs.mjs']],
        ['table owners', 'node', ['scripts/check-table-owners.mjs']],
        ['dead code', 'npx', ['knip', '--no-progress']],
        // The generator's contract: its module passes typecheck, lint and the registration tests, in a copy of
        // the repository (minutes of tsc on two cores: a check of this stage, not a unit test).
        ['generated module', 'node', ['scripts/generated-module-check.mjs']],
      ]
    : [],
  wants('typecheck') ? [['typecheck', 'npm', ['run', 'typecheck', '--silent']]] : [],
  wants('e2e') ? [['build web', 'npm', ['run', 'build', '--silent']]] : [],
);

let pg;
if (wants('pg') || wants('e2e')) pg = await startTempPostgres();
try {
  // The PGlite run works in its own processes, the PostgreSQL run mostly waits on the database server: side by
  // side they share the two cores.
  await sideBySide(
    wants('unit') ? [vitest('unit + API tests (PGlite)', 'unit', [])] : [],
    wants('pg') ? [vitest('API tests (PostgreSQL)', 'pg', ['--project', 'server'], { TEST_DATABASE_URL: pg.url })] : [],
  );
  if (wants('unit')) countVitest('unit + API on PGlite', 'unit');
  if (wants('pg')) countVitest('API on PostgreSQL', 'pg');
  if (wants('e2e')) {
    await step('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      env: { E2E_ADMIN_DATABASE_URL: pg.url, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    });
    countPlaywright('end-to-end');
  }
} finally {
  pg?.stop();
}

console.log('');
for (const [layer, files] of slowest) for (const line of slowestLines(layer, files)) console.log(line);
console.log('');
for (const line of timingLines(timings, { seconds: (Date.now() - suiteStarted) / 1000, budget: SUITE_BUDGET })) {
  console.log(line);
}
console.log(`\nFailed steps: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
