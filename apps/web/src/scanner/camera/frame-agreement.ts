import type { FrameRead } from '../decode/decode-frame';

/**
 * How far apart two frames may be and still agree: two frames at the configured 10 fps, with room for a slow
 * decode. A code held steady is confirmed by the next frame, at most one frame later than a single read.
 */
export const AGREEMENT_WINDOW_MS = 250;

/**
 * A camera read is taken when its frame is sure of it (a 2D code, or a linear one confirmed by more agreeing scan
 * lines), or when the frame before read the same code: a misread rarely repeats in the next frame, a printed
 * code does. Returns the check, fed every read in order with its time.
 */
export function createFrameAgreement(windowMs = AGREEMENT_WINDOW_MS) {
  let last: { text: string; format: string; at: number } | null = null;
  return (read: FrameRead, at: number): boolean => {
    const agreed = last !== null && last.text === read.text && last.format === read.format && at - last.at <= windowMs;
    if (read.confirmed || agreed) {
      last = null;
      return true;
    }
    last = { text: read.text, format: read.format, at };
    return false;
  };
}
