import { FILE_CANVAS } from '../settings/constants';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels } from './image-ops';
import { agreedRetailRead, RETAIL_FORMATS } from './still-agreement';

export interface StillOptions extends DecodeOptions {
  /** Off only in the bench, to measure the reads before the agreement rule. */
  checkRetail?: boolean;
}

/**
 * File scan (docs/spec.md §4, §9): the picture as it is first, then on the hidden canvas with padding 100 and minimum
 * height 300. The padded pass rescues codes printed up to the photo's edge (no quiet zone); it runs second
 * because the larger canvas makes ZXing downscale and lose thin 1D bars. A retail code counts only when the
 * reads agree on it (still-agreement.ts); else there is no answer rather than a doubtful one.
 */
export async function decodeStill(img: Pixels, options: StillOptions = {}): Promise<DecodeResult | null> {
  const { checkRetail = true, ...decode } = options;
  let picture = img;
  let first = await decodeImageData(picture, decode);
  if (!first) {
    picture = padPixels(img, FILE_CANVAS.padding, FILE_CANVAS.minHeight);
    first = await decodeImageData(picture, decode);
  }
  if (!first || !checkRetail || !RETAIL_FORMATS.includes(first.format)) return first;
  // The agreeing reads look at the picture the first read came from (the padded one if only it was read).
  return agreedRetailRead(picture, first, decode);
}
