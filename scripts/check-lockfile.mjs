#!/usr/bin/env node
// Fails when package-lock.json would not install whole on a fresh machine, or holds a package that needs a
// newer Node.js than package.json's engines (docs/conventions.md#dependencies). `--before-install` runs the
// first check only: `.ci/run` calls it before `npm ci`, when the engines check's semver is not installed yet.
import fs from 'node:fs';
import path from 'node:path';
import { missingDependencies } from './lockfile/rules.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { packages } = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const missing = missingDependencies(packages);
if (missing.length > 0) {
  console.error('package-lock.json lacks packages that `npm ci` demands or the build needs:');
  for (const line of missing) console.error(`  ${line}`);
  console.error('Pin the parent to a release whose platform builds the registry has (see package.json overrides).');
  process.exit(1);
}
if (process.argv.includes('--before-install')) {
  console.log('package-lock.json: every dependency is recorded.');
  process.exit(0);
}

const { tooNewForNode } = await import('./lockfile/engines.mjs');
const tooNew = tooNewForNode(packages);
if (tooNew.found.length > 0) {
  console.error(`package-lock.json holds packages that do not run on Node ${tooNew.oldest} (package.json engines):`);
  for (const line of tooNew.found) console.error(`  ${line}`);
  console.error('Pin the parent (or an override) to a release that still supports it.');
  process.exit(1);
}
console.log('package-lock.json: every dependency is recorded, and each runs on the Node.js the README names.');
