import type { FrameRead } from '../decode/decode-frame';
import type { DecodeResult } from '../decode/decode-image-data';
import { decodeInWorker } from '../decode/decoder-client';
import { type Pixels, scanAreaRect } from '../decode/image-ops';
import { SCAN_INTERVAL_MS } from '../settings/constants';
import { createFrameAgreement } from './frame-agreement';

export interface FrameLoopOptions {
  fps: number;
  qrBox: { width: number; height: number };
  signal: AbortSignal;
  isPaused: () => boolean;
  onResult: (r: DecodeResult) => void;
  /** Injected for tests; the worker in the app. */
  decode?: (kind: 'frame', pixels: Pixels) => Promise<FrameRead | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Grabs frames at the configured fps (one decode in flight at a time, so a slow device drops frames instead
 * of queueing them) and decodes only the scan area: the crop is drawn on the canvas, so just those pixels
 * travel to the worker. A linear code counts once a frame is sure of it or two frames agree (frame-agreement.ts).
 */
export async function runFrameLoop(video: HTMLVideoElement, o: FrameLoopOptions): Promise<void> {
  const decode = o.decode ?? ((kind: 'frame', pixels: Pixels) => decodeInWorker(kind, pixels));
  const agreed = createFrameAgreement();
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return;
  const interval = 1000 / Math.max(1, o.fps);
  while (!o.signal.aborted) {
    const started = performance.now();
    if (!o.isPaused() && video.readyState >= 2 && video.videoWidth > 0) {
      const frame = { width: video.videoWidth, height: video.videoHeight };
      const view = { width: video.clientWidth || frame.width, height: video.clientHeight || frame.height };
      const r = scanAreaRect(frame, view, o.qrBox);
      canvas.width = Math.round(r.width);
      canvas.height = Math.round(r.height);
      ctx.drawImage(video, r.x, r.y, r.width, r.height, 0, 0, canvas.width, canvas.height);
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const result = await decode('frame', { data: img.data, width: img.width, height: img.height }).catch(() => null);
      if (result && !o.signal.aborted && agreed(result, performance.now())) {
        o.onResult(result);
        await sleep(SCAN_INTERVAL_MS);
      }
    }
    await sleep(Math.max(0, interval - (performance.now() - started)));
  }
}
