import type { FrameRead } from './decode-frame';
import type { DecodeResult } from './decode-image-data';
import type { Pixels } from './image-ops';
import type { DecodeRequest, DecodeResponse } from './worker-protocol';

let worker: Worker | null = null;
let nextId = 1;
type Answer = DecodeResult | FrameRead | null;
const waiting = new Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void }>();

/** The worker (and with it the ~400 kB wasm) is created on the first scan, never as part of the app shell. */
function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'scanner-decoder' });
  worker.onmessage = (e: MessageEvent<DecodeResponse>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.error) w.reject(new Error(e.data.error));
    else w.resolve(e.data.result);
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || 'Decoder failed'));
    waiting.clear();
  };
  return worker;
}

export function decodeInWorker(kind: 'frame', pixels: Pixels): Promise<FrameRead | null>;
export function decodeInWorker(kind: 'still', pixels: Pixels): Promise<DecodeResult | null>;
export function decodeInWorker(kind: DecodeRequest['kind'], pixels: Pixels): Promise<Answer> {
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const req: DecodeRequest = { id, kind, pixels };
    // Transfer the pixel buffer: a frame is not copied between threads.
    getWorker().postMessage(req, [pixels.data.buffer]);
  });
}

/** Starts loading the decoder early (e.g. when the overlay opens) so the first frame is not slowed by it. */
export function warmUpDecoder(): void {
  void decodeInWorker('frame', { data: new Uint8ClampedArray(4), width: 1, height: 1 }).catch(() => undefined);
}
