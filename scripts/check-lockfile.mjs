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

// Also every plain dependency: an `npm install` over an existing node_modules once dropped rollup from the
// lockfile while it stayed on disk, so the build broke only on a clean machine.
const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  if (location !== '' && !location.includes('node_modules/')) continue; // workspaces are linked
  const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {})];
  for (const name of names) {
    if (!resolves(location, name)) missing.push(`${location || '(root)'} → ${name}`);
  }
}

if (missing.length > 0) {
  console.error('package-lock.json lacks packages that `npm ci` demands or the build needs:');
  for (const line of missing) console.error(`  ${line}`);
  console.error('Pin the parent to a release whose platform builds the registry has (see package.json overrides).');
  process.exit(1);
}
console.log('package-lock.json: every dependency is recorded.');
