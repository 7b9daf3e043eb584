import { type DecodeResult, decodeImageData } from '../../apps/web/src/scanner/decode/decode-image-data';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';
import { asRead } from '../../apps/web/src/scanner/decode/read-variants';
import {
  agreedRetailRead,
  CROSS_CHECKED_FORMATS,
  RETAIL_FORMATS,
  uncontradictedRead,
} from '../../apps/web/src/scanner/decode/still-agreement';

/**
 * The file scan as it was from 2026-11-27 until the quick first read and the further read variants: the thorough
 * read (as-is, then padded), a retail code checked with the strict read and the rescaled copies only, no rescue of a
 * picture the first read found nothing in. The benches measure the app's decodeStill against it in the same run.
 */
export async function agreementRuleOf20261127(img: Pixels): Promise<DecodeResult | null> {
  let padded = false;
  let first = await decodeImageData(img);
  if (!first) {
    padded = true;
    first = await decodeImageData(asRead(img, true));
  }
  if (!first) return null;
  const picture = { pixels: img, padded };
  if (RETAIL_FORMATS.includes(first.format)) return agreedRetailRead(picture, first, {}, []);
  if (CROSS_CHECKED_FORMATS.includes(first.format)) return uncontradictedRead(picture, first);
  return first;
}
