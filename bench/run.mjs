// npm run bench: every benchmark in turn; each writes its own section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(bench, '..');
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const steps = [
  ['build web app', 'npm', ['run', 'build'], root],
  ['bundle size', 'node', ['bundle/bundle-size.mjs'], bench],
  ['decode', 'npx', ['tsx', 'decode/decode-bench.ts', path.resolve(root, '../shared/data/barcodes')], bench],
  ['decode degraded', 'npx', ['tsx', 'decode/degraded-bench.ts', path.resolve(root, '../shared/data/barcodes')], bench],
  ['wedge latency', 'npx', ['tsx', 'decode/wedge-bench.ts'], bench],
  ['article lookup', 'npx', ['tsx', 'article-lookup/run.ts'], bench],
  ['article cache', 'node', ['article-cache/run.mjs'], bench],
  ['article cache main thread', 'node', ['article-cache/main-thread.mjs'], bench],
  ['captures', 'node', ['captures/run.mjs'], bench],
  ['capture offline', 'node', ['capture-offline/run.mjs'], bench],
  ['transfer', 'node', ['transfer/run.mjs'], bench],
  ['import', 'npx', ['tsx', 'import/run.ts'], bench],
  ['lighthouse', 'node', ['lighthouse/run.mjs'], bench],
  ['handheld', 'node', ['handheld/run.mjs'], bench],
  // A small curve here; `node bench/capacity/run.mjs` alone grows the device count until the sync p95 passes 1 s.
  ['capacity', 'node', ['capacity/run.mjs', '25,50,100'], bench],
];
// `npm run bench -- import --articles 1000000`: names select steps; the flags after them go to those steps.
const firstFlag = process.argv.slice(2).findIndex((a) => a.startsWith('--'));
const only = firstFlag < 0 ? process.argv.slice(2) : process.argv.slice(2, 2 + firstFlag);
const flags = firstFlag < 0 ? [] : process.argv.slice(2 + firstFlag);
const failed = [];
for (const [name, cmd, args, cwd] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  const script = args.find((a) => /\.(m?js|ts)$/.test(a));
  if (script && !fs.existsSync(path.join(cwd, script))) {
    console.log(`\n■ ${name}: not present yet (${script}), skipped`);
    continue;
  }
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, only.length > 0 ? [...args, ...flags] : args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll benchmarks ran; see bench/RESULTS.md');
process.exit(failed.length ? 1 : 0);
