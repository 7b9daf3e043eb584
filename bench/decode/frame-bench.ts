import sharp from 'sharp';
import { decodeFrame } from '../../apps/web/src/scanner/decode/decode-frame';
import { scanAreaRect } from '../../apps/web/src/scanner/decode/image-ops';
import { COMPONENT_DEFAULTS } from '../../apps/web/src/scanner/settings/constants';

const FRAME = { width: 1280, height: 720 };

/** A 1280x720 grey frame with the sample scaled to fill the default 250x250 scan area at its centre. */
async function syntheticFrame(sample: string) {
  const box = COMPONENT_DEFAULTS.qrBox;
  const code = await sharp(sample)
    .resize(box.width, box.height, { fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
  const { data } = await sharp({ create: { ...FRAME, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 1 } } })
    .composite([{ input: code, left: (FRAME.width - box.width) / 2, top: (FRAME.height - box.height) / 2 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), ...FRAME };
}

export interface FrameFigures {
  sample: string;
  decoded: string | null;
  /** The frame alone was sure of the code (2D, or a linear code confirmed by more agreeing scan lines). */
  confirmed: boolean;
  medianMs: number;
}

/** Median decode time of one camera frame through the worker's path: crop to the scan area, decode, confirm. */
export async function benchFrame(sample: string, runs = 60): Promise<FrameFigures> {
  const frame = await syntheticFrame(sample);
  const crop = scanAreaRect(FRAME, FRAME, COMPONENT_DEFAULTS.qrBox);
  const first = await decodeFrame(frame, { crop });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await decodeFrame(frame, { crop });
    times.push(performance.now() - t0);
  }
  return { sample, decoded: first?.text ?? null, confirmed: first?.confirmed ?? false, medianMs: median(times) };
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
