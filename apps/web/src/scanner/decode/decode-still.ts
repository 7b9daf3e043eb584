import { FILE_CANVAS } from '../settings/constants';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels } from './image-ops';
import { agreedRetailRead, CROSS_CHECKED_FORMATS, RETAIL_FORMATS, uncontradictedRead } from './still-agreement';

export interface StillOptions extends DecodeOptions {
  /** Off only in the bench, to measure the reads before the agreement rules. */
  checkReads?: boolean;
}

/**
 * File scan (docs/spec.md §4, §9): the picture as it is first, then on the hidden canvas with padding 100 and minimum
 * height 300. The padded pass rescues codes printed up to the photo's edge (no quiet zone); it runs second
 * because the larger canvas makes ZXing downscale and lose thin 1D bars. A retail code counts only when the
 * reads agree on it, a PDF417 only when no other read contradicts it (still-agreement.ts); else there is no
 * answer rather than a doubtful one.
 */
export async function decodeStill(img: Pixels, options: StillOptions = {}): Promise<DecodeResult | null> {
  const { checkReads = true, ...decode } = options;
  let padded = false;
  let first = await decodeImageData(img, decode);
  if (!first) {
    padded = true;
    first = await decodeImageData(padPixels(img, FILE_CANVAS.padding, FILE_CANVAS.minHeight), decode);
  }
  if (!first || !checkReads) return first;
  // The checking reads see the picture as the first read did (on the padded canvas if only that was read).
  const picture = { pixels: img, padded };
  if (RETAIL_FORMATS.includes(first.format)) return agreedRetailRead(picture, first, decode);
  if (CROSS_CHECKED_FORMATS.includes(first.format)) return uncontradictedRead(picture, first, decode);
  return first;
}
