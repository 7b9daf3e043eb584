/// <reference lib="webworker" />
// Decoding runs here so a slow frame never blocks the UI. The wasm URL comes from our own build (Vite emits
// the file), so scanning works offline once the service worker has precached it.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { decodeFrame } from './decode-frame';
import { decodeStill } from './decode-still';
import type { DecodeRequest, DecodeResponse } from './worker-protocol';
import { initDecoder } from './zxing-module';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { id, kind, pixels, formats } = e.data;
  try {
    await initDecoder({ wasmUrl });
    const options = formats ? { formats } : {};
    const result = kind === 'still' ? await decodeStill(pixels, options) : await decodeFrame(pixels, options);
    self.postMessage({ id, result } satisfies DecodeResponse);
  } catch (err) {
    self.postMessage({
      id,
      result: null,
      error: err instanceof Error ? err.message : String(err),
    } satisfies DecodeResponse);
  }
};
