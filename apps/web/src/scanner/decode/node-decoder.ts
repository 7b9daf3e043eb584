import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initDecoder } from './zxing-module';

/** Node-only (tests, bench): the wasm comes from node_modules, never from a CDN. */
export async function initNodeDecoder(): Promise<void> {
  const require = createRequire(import.meta.url);
  const buf = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await initDecoder({ wasmBinary: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer });
}
