import type { ReadableFormat } from '@mde/contracts';
import { FILE_CANVAS } from '../settings/constants';
import { confirmLinear } from './decode-confirm';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels } from './image-ops';

/** The retail codes a picked photo is checked again for (EAN/UPC: a check digit only). */
const RETAIL_FORMATS: readonly ReadableFormat[] = ['EAN_13', 'EAN_8', 'UPC_A', 'UPC_E'];

export interface StillOptions extends DecodeOptions {
  /** Off only in the bench, to measure the reads before this check. */
  confirmRetail?: boolean;
}

/**
 * File scan (docs/spec.md §4, §9): the picture as it is first, then on the hidden canvas with padding 100 and minimum
 * height 300. The padded pass rescues codes printed up to the photo's edge (no quiet zone); it runs second
 * because the larger canvas makes ZXing downscale and lose thin 1D bars. A retail code is read once more with
 * more scan lines that must agree: where that read finds another code, its text counts.
 */
export async function decodeStill(img: Pixels, options: StillOptions = {}): Promise<DecodeResult | null> {
  const { confirmRetail = true, ...decode } = options;
  const first =
    (await decodeImageData(img, decode)) ??
    (await decodeImageData(padPixels(img, FILE_CANVAS.padding, FILE_CANVAS.minHeight), decode));
  if (!first || !confirmRetail || !RETAIL_FORMATS.includes(first.format)) return first;
  const confirmation = await confirmLinear(img, first, decode);
  return confirmation && !confirmation.agrees ? confirmation.read : first;
}
