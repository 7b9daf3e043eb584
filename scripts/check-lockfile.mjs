#!/usr/bin/env node
// `npm ci` refuses a lockfile that lacks any platform build a package lists as optional. The registry
// this project installs from lags behind npmjs.org, so `npm install` can silently write such a lockfile
// when a new release's platform builds are not there yet. Catch that here, not on a fresh CI machine.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { packages } = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(location, name)) missing.push(`${location || '(root)'} → ${name}`);
  }
}

if (missing.length > 0) {
  console.error('package-lock.json lacks optional packages that `npm ci` demands:');
  for (const line of missing) console.error(`  ${line}`);
  console.error('Pin the parent to a release whose platform builds the registry has (see package.json overrides).');
  process.exit(1);
}
console.log('package-lock.json: every optional dependency is recorded.');
