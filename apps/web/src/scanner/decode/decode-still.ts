import type { ReadableFormat } from '@mde/contracts';
import { FILE_CANVAS } from '../settings/constants';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels } from './image-ops';

/**
 * Retail codes carry one check digit: one misread digit in ten passes it, and a wrong EAN counts a wrong
 * article, which is worse than none.
 */
const RETAIL_FORMATS: readonly ReadableFormat[] = ['EAN_13', 'EAN_8', 'UPC_A', 'UPC_E'];

/**
 * Scan lines that must agree for the confirming read. ZXing-C++ accepts a linear code when 2 lines agree; a
 * blurred, skewed or faint label can make two lines agree on a wrong code, while 5 agree only on the printed one
 * (the degraded-photo bench). Requiring 5 everywhere would lose clean labels that are only a few lines high.
 */
export const CONFIRMING_LINES = 5;

export interface StillOptions extends DecodeOptions {
  /** Off only in the bench, to measure the reads before this check. */
  confirmRetail?: boolean;
}

/**
 * File scan (§4, §9): the picture as it is first, then on the hidden canvas with padding 100 and minimum
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
  // The add-on stays out of the comparison: the first read has already decided it (keep or strip, spec §5).
  const confirmed = await decodeImageData(img, {
    ...decode,
    formats: [first.format],
    reader: { ...decode.reader, minLineCount: CONFIRMING_LINES, eanAddOnSymbol: 'Ignore' },
  });
  return confirmed && !first.text.startsWith(confirmed.text) ? confirmed : first;
}
