// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file in the build's assets/, so the
// server sends handhelds the smaller file without compressing per request. Only there: those names carry a
// content hash, so a copy can never go stale. The shell, the service worker and the manifest (~28 kB) keep their names
// across releases; a copy of them left from an earlier build would be served in place of a newer file.
// Runs after `vite build`. Run: node scripts/precompress.mjs [dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text and wasm shrink by a third to a fifth; images and sound are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|map)$/;
/** Below a packet's worth the header overhead eats the gain. */
const MIN_BYTES = 1024;
/** A copy that saves less than a tenth is not worth a second lookup on the disk. */
const MIN_SAVING = 0.9;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressFile(file) {
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) return { raw: body.length, br: body.length, gz: body.length };
  const [br, gz] = await Promise.all([
    // Build time is paid once, so the smallest setting of each.
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: file.endsWith('.wasm')
          ? zlib.constants.BROTLI_MODE_GENERIC
          : zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const result = { raw: body.length, br: body.length, gz: body.length };
  if (br.length < body.length * MIN_SAVING) {
    fs.writeFileSync(`${file}.br`, br);
    result.br = br.length;
  }
  if (gz.length < body.length * MIN_SAVING) {
    fs.writeFileSync(`${file}.gz`, gz);
    result.gz = gz.length;
  }
  return result;
}

export async function precompress(dist) {
  const totals = { raw: 0, br: 0, gz: 0 };
  const assets = path.join(dist, 'assets');
  if (!fs.existsSync(assets)) return totals;
  for (const file of files(assets)) {
    const sizes = await compressFile(file);
    totals.raw += sizes.raw;
    totals.br += sizes.br;
    totals.gz += sizes.gz;
  }
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  const t = await precompress(dist);
  console.log(`precompressed ${dist}: ${kib(t.raw)} → br ${kib(t.br)}, gzip ${kib(t.gz)}`);
}
