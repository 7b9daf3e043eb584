import { confirmLinear } from './decode-confirm';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { keepsAddOn } from './decode-rules';
import type { Pixels } from './image-ops';
import { asRead } from './read-variants';
import {
  agreedRetailRead,
  CROSS_CHECKED_FORMATS,
  RETAIL_FORMATS,
  rescuedRead,
  uncontradictedRead,
} from './still-agreement';

export interface StillOptions extends DecodeOptions {
  /** Off only in the bench, to measure the reads before the agreement rules. */
  checkReads?: boolean;
}

/**
 * The quick first look: one orientation, no inverted pass, the fewer scan lines of the reader's fast mode. A
 * sharp photo of one code is read at about half the cost of the thorough read (bench/decode/decode-bench.ts).
 */
const QUICK_READER = { tryHarder: false, tryRotate: false, tryInvert: false } as const;

/**
 * What the quick read found, when it may count without the thorough read: a 2D code (its own error correction)
 * or a linear one other than EAN/UPC as it is, an EAN/UPC only when CONFIRMING_LINES scan lines back it. A
 * Bookland or ISSN code is left to the thorough read, whose more scan lines decide its add-on (docs/spec.md §5);
 * a PDF417 always gets its cross-check.
 */
async function quickRead(img: Pixels, options: DecodeOptions): Promise<DecodeResult | null> {
  const quick = await decodeImageData(img, { ...options, reader: { ...options.reader, ...QUICK_READER } });
  if (!quick || CROSS_CHECKED_FORMATS.includes(quick.format)) return null;
  if (!RETAIL_FORMATS.includes(quick.format)) return quick;
  if (keepsAddOn(quick.format, quick.text)) return null;
  const strict = await confirmLinear(img, quick, options);
  return strict?.agrees ? quick : null;
}

/**
 * File scan (docs/spec.md §4, §9): a quick read first (most photos are of one clear code), then the thorough
 * read of the picture as it is, then on the hidden canvas with padding 100 and minimum height 300. The padded
 * pass rescues codes printed up to the photo's edge (no quiet zone); it runs second because the larger canvas
 * makes ZXing downscale and lose thin 1D bars. A retail code counts only when the reads agree on it, a PDF417
 * only when no other read contradicts it, and a code that only other looks at the picture found only when two
 * of them agree (still-agreement.ts); else there is no answer rather than a doubtful one.
 */
export async function decodeStill(img: Pixels, options: StillOptions = {}): Promise<DecodeResult | null> {
  const { checkReads = true, ...decode } = options;
  if (checkReads) {
    const quick = await quickRead(img, decode);
    if (quick) return quick;
  }
  let padded = false;
  let first = await decodeImageData(img, decode);
  if (!first) {
    padded = true;
    first = await decodeImageData(asRead(img, true), decode);
  }
  if (!checkReads) return first;
  if (!first) return rescuedRead({ pixels: img, padded: false }, decode);
  // The checking reads see the picture as the first read did (on the padded canvas if only that was read).
  const picture = { pixels: img, padded };
  if (RETAIL_FORMATS.includes(first.format)) return agreedRetailRead(picture, first, decode);
  if (CROSS_CHECKED_FORMATS.includes(first.format)) return uncontradictedRead(picture, first, decode);
  return first;
}
