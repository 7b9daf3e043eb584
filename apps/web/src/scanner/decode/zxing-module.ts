import { prepareZXingModule } from 'zxing-wasm/reader';

export type WasmSource = { wasmUrl: string } | { wasmBinary: ArrayBuffer };

let ready: Promise<unknown> | null = null;

/**
 * Loads the ZXing-C++ wasm from our own origin (browser: the URL Vite emitted; Node: the bytes from
 * node_modules). zxing-wasm's default would fetch from a CDN, which breaks offline scanning.
 */
export function initDecoder(source: WasmSource): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides:
      'wasmBinary' in source
        ? { wasmBinary: source.wasmBinary }
        : { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? source.wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return ready;
}
