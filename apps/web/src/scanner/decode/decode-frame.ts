import { confirmLinear, isLinear } from './decode-confirm';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import type { Pixels } from './image-ops';

export interface FrameRead extends DecodeResult {
  /** A 2D code, or a linear one that a read with more agreeing scan lines confirmed in this same frame. */
  confirmed: boolean;
}

/** One camera frame (the scan area): the code and whether this frame alone is sure of it. */
export async function decodeFrame(img: Pixels, options: DecodeOptions = {}): Promise<FrameRead | null> {
  const first = await decodeImageData(img, options);
  if (!first) return null;
  if (!isLinear(first.format)) return { ...first, confirmed: true };
  const confirmation = await confirmLinear(img, first, options);
  if (!confirmation) return { ...first, confirmed: false };
  // Where the stricter read sees another code, that one is the better candidate (still to be confirmed).
  return confirmation.agrees ? { ...first, confirmed: true } : { ...confirmation.read, confirmed: false };
}
