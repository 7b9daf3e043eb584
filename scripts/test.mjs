#!/usr/bin/env node
// npm test: system dependencies, lint, typecheck, unit + API tests on PGlite, the API suite again on a
// real PostgreSQL, then end-to-end journeys in Debian's Chromium. Prints one closing 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, startTempPostgres } from './pg-temp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wants = (step) => only.length === 0 || only.includes(step);

function sh(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
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

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
}

const vitest = (label, file, extraArgs, env) =>
  sh(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extraArgs],
    env,
  );

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
ensureSystemPackages();

if (wants('lint')) {
  sh('lockfile', 'node', ['scripts/check-lockfile.mjs']);
  sh('lint', 'npx', ['biome', 'check', '.']);
  sh('import rules', 'npx', ['depcruise', 'apps', 'packages', '--config', '.dependency-cruiser.cjs']);
  sh('doc citations', 'node', ['scripts/check-doc-refs.mjs']);
  sh('dead code', 'npx', ['knip', '--no-progress']);
}
if (wants('typecheck')) sh('typecheck', 'npm', ['run', 'typecheck', '--silent']);

if (wants('unit')) {
  const file = path.join(reports, 'unit.json');
  vitest('unit + API tests (PGlite)', file, []);
  countVitest(file);
}

let pg;
if (wants('pg') || wants('e2e')) pg = await startTempPostgres();
try {
  if (wants('pg')) {
    const file = path.join(reports, 'pg.json');
    vitest('API tests (PostgreSQL)', file, ['--project', 'server'], { TEST_DATABASE_URL: pg.url });
    countVitest(file);
  }
  if (wants('e2e')) {
    sh('build web', 'npm', ['run', 'build', '--silent']);
    const file = path.join(reports, 'e2e.json');
    sh('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      E2E_ADMIN_DATABASE_URL: pg.url,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    countPlaywright(file);
  }
} finally {
  pg?.stop();
}

console.log(`\nFailed steps: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
