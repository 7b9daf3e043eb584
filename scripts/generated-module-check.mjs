#!/usr/bin/env node
// The generator's contract (docs/conventions.md#adding-a-capture-module): a module it writes passes the suite's
// checks unchanged. This copies the repository as it is on disk (tracked and new files) into a temporary folder,
// runs `npm run new:capture-module` there, then the typecheck, the lint steps and the registration tests. It runs
// in `npm test`'s lint stage (a few minutes of tsc on two cores is too slow for the unit layer) and alone as
// `node scripts/generated-module-check.mjs [--keep]` (--keep leaves the folder for a look).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'stock-transfer';

/** The tests that hold the registries, the route table and the docs' module table against contracts' lists. */
export const REGISTRATION_TESTS = [
  'packages/contracts/src/modules.test.ts',
  'apps/server/src/modules/capture-modules.test.ts',
  `apps/server/src/modules/${NAME}/${NAME}.policy.test.ts`,
  'apps/web/src/app/capture-modules.test.ts',
  'apps/web/src/app/module-routes.test.ts',
  'apps/web/src/session/guard-decisions.test.ts',
];

/** The checks, as `npm test`'s lint and typecheck stages run them. */
export const CHECKS = [
  ['generate', 'node', ['scripts/new-capture-module.mjs', NAME, '--title', 'Umlagerung']],
  // The workspaces a module lives in; the journeys, benches and the ERP client name no module of their own.
  [
    'typecheck',
    'npm',
    ['run', 'typecheck', '--silent', '-w', 'packages/contracts', '-w', 'apps/server', '-w', 'apps/web'],
  ],
  ['biome', 'npx', ['biome', 'check', '.']],
  ['import rules', 'npx', ['depcruise', 'apps', 'packages', '--config', '.dependency-cruiser.cjs']],
  ['doc citations', 'node', ['scripts/check-doc-refs.mjs']],
  ['table owners', 'node', ['scripts/check-table-owners.mjs']],
  ['dead code', 'npx', ['knip', '--no-progress']],
  ['registration tests', 'npx', ['vitest', 'run', ...REGISTRATION_TESTS]],
];

/**
 * A copy of the repository's files at `root` in `into`, a git repository of its own (the doc check and biome read
 * git's file list). Its node_modules links each installed package to the original, except the workspaces
 * (`@mde/*`), which point at the copy's own folders so its code is what gets checked.
 */
export function copyRepository(root, into) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(into, file));
  }
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(into, 'node_modules'));
  for (const entry of fs.readdirSync(modules)) {
    const from = path.join(modules, entry);
    const to = path.join(into, 'node_modules', entry);
    if (entry !== '@mde') {
      fs.symlinkSync(from, to);
      continue;
    }
    // The workspace links are relative (up two folders, then the workspace), so copied as they are they lead
    // into the copy.
    fs.mkdirSync(to);
    for (const ws of fs.readdirSync(from)) fs.symlinkSync(fs.readlinkSync(path.join(from, ws)), path.join(to, ws));
  }
  const git = (...args) => execFileSync('git', args, { cwd: into, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  return files.length;
}

/** Runs the checks in the copy one after another; stops at the first failure. */
export function runChecks(dir, checks = CHECKS, log = console.log) {
  const times = [];
  for (const [label, cmd, args] of checks) {
    const started = Date.now();
    const run = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    const seconds = Math.round((Date.now() - started) / 1000);
    times.push({ label, seconds });
    if (run.status !== 0) {
      log(`${run.stdout ?? ''}${run.stderr ?? ''}`);
      return { failed: label, times };
    }
    log(`  ${label}: ok in ${seconds} s`);
  }
  return { failed: null, times };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-generated-module-'));
  const keep = process.argv.includes('--keep');
  let failed = 'copy';
  try {
    const count = copyRepository(root, dir);
    console.log(`generated-module check: ${count} files copied to ${dir}; module '${NAME}'`);
    ({ failed } = runChecks(dir));
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error(`generated-module check: a module the generator writes fails '${failed}'`);
    process.exit(1);
  }
  console.log('generated-module check: a generated capture module passes typecheck, lint and the registration tests');
}
