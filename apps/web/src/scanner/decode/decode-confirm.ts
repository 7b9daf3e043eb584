import type { ReadableFormat } from '@mde/contracts';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import type { Pixels } from './image-ops';

/**
 * Linear codes carry at most a check digit (Code 39 and Codabar not even that): one misread digit in ten passes
 * an EAN's, and a wrong EAN counts a wrong article, which is worse than none. 2D codes correct their own errors.
 */
export const LINEAR_FORMATS: readonly ReadableFormat[] = [
  'EAN_13',
  'EAN_8',
  'UPC_A',
  'UPC_E',
  'CODE_128',
  'CODE_39',
  'CODE_93',
  'CODABAR',
  'ITF',
  'RSS_14',
  'RSS_EXPANDED',
];

export const isLinear = (format: ReadableFormat) => LINEAR_FORMATS.includes(format);

/**
 * Scan lines that must agree for a confirming read. ZXing-C++ accepts a linear code when 2 lines agree; a
 * blurred, skewed or faint label can make two lines agree on a wrong code, while 5 agree only on the printed one
 * (bench/decode/degraded-bench.ts). Requiring 5 for every read would lose clean labels only a few lines high.
 */
export const CONFIRMING_LINES = 5;

/**
 * Reads `first`'s code again in the same picture with CONFIRMING_LINES scan lines that must agree: null when that
 * read finds no code, else whether it agrees with `first` and the confirming read itself. The add-on stays out of
 * the comparison: the first read has already decided it (keep or strip, docs/spec.md §5).
 */
export async function confirmLinear(
  img: Pixels,
  first: DecodeResult,
  options: DecodeOptions = {},
): Promise<{ agrees: boolean; read: DecodeResult } | null> {
  const read = await decodeImageData(img, {
    ...options,
    formats: [first.format],
    reader: { ...options.reader, minLineCount: CONFIRMING_LINES, eanAddOnSymbol: 'Ignore' },
  });
  return read ? { agrees: first.text.startsWith(read.text), read } : null;
}
