#!/usr/bin/env node
// The fingerprint of everything the web build is made from (sources, config, lockfile), kept in
// apps/web/dist/.build-stamp by `npm run build`. `npm start` rebuilds only when it differs, and
// `npm run start:prod` never builds.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const distDir = path.join(root, 'apps/web/dist');
const stampFile = path.join(distDir, '.build-stamp');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/scripts',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((d) => files(path.join(entry, d.name)))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

/** A hash over the names and contents of the build's inputs (test files left out). */
export function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(file);
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function hasBuild() {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

export function buildIsCurrent() {
  return hasBuild() && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === fingerprint();
}

if (process.argv[2] === 'write') fs.writeFileSync(stampFile, `${fingerprint()}\n`);
