import type { ReadableFormat } from '@mde/contracts';
import type { ReaderOptions } from 'zxing-wasm/reader';
import { FILE_CANVAS } from '../settings/constants';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels, rotatePixels, scalePixels } from './image-ops';

/** The picked picture, and whether the first read needed it on the padded canvas (docs/spec.md §9). */
export interface StillPicture {
  pixels: Pixels;
  padded: boolean;
}

/**
 * Another look at the same picture for a second, independent read: the pixels resampled or turned, or another
 * threshold between bar and space. A misread comes from where the scan lines fell on a blurred or blocky bar;
 * a read on other pixels rarely repeats it, while a well-printed code reads the same every time.
 */
export interface ReadVariant {
  name: string;
  /** Null where the variant does not apply to a picture of this size. */
  view: (pixels: Pixels) => Pixels | null;
  reader?: Partial<ReaderOptions>;
}

/**
 * An enlarged copy over UPSCALE_LIMIT pixels is skipped: it costs seconds, and a photo that large has bars wide
 * enough already.
 */
const UPSCALE_LIMIT = 1_000_000;

const rescaled = (factor: number): ReadVariant => ({
  name: `rescaled ×${factor}`,
  view: (p) => (factor > 1 && p.width * p.height * factor * factor > UPSCALE_LIMIT ? null : scalePixels(p, factor)),
});
const turned = (degrees: number): ReadVariant => ({
  name: `turned ${degrees}°`,
  view: (p) => rotatePixels(p, degrees),
});
/**
 * The reader's default binarizer takes a linear code's threshold from each scan line's histogram (the hybrid
 * one is the same as the global histogram for 1D codes); a fixed mid-grey threshold puts the bar edges elsewhere.
 */
const fixedThreshold: ReadVariant = {
  name: 'fixed threshold',
  view: (p) => p,
  reader: { binarizer: 'FixedThreshold' },
};

/** Rescaled copies a first read is checked with: 0.75 helps large photos, 1.5 and 3 small ones. */
export const CHECK_VARIANTS: readonly ReadVariant[] = [rescaled(0.75), rescaled(1.5), rescaled(3)];

/**
 * Read only when no CHECK_VARIANTS copy found the code at all (neither backed nor contradicted): other scales,
 * the fixed threshold and the picture turned a few degrees either way, so a skewed or blurred label that the
 * rescaled copies could not read still gets a second read to agree with. An inverted copy is no other read:
 * the reader already tries the inverted picture itself (tryInvert).
 */
export const MORE_VARIANTS: readonly ReadVariant[] = [
  rescaled(0.5),
  rescaled(2),
  fixedThreshold,
  turned(-5),
  turned(5),
];

/**
 * Looks at a picture the first read found nothing in. A code found here counts only when two of these reads
 * agree on it and none reads another (still-agreement.ts: rescuedText).
 */
export const RESCUE_VARIANTS: readonly ReadVariant[] = [rescaled(2), rescaled(0.5), turned(5), turned(-5)];

/** What the decoder reads of a picture: itself, or on the padded canvas as the first read did. */
export const asRead = (pixels: Pixels, padded: boolean) =>
  padded ? padPixels(pixels, FILE_CANVAS.padding, FILE_CANVAS.minHeight) : pixels;

/**
 * Each variant's read of the picture in `formats` (null where it found nothing; variants that do not apply to
 * the picture's size are left out), the add-on left out: only the first read decides it (docs/spec.md §5).
 */
export async function readVariants(
  { pixels, padded }: StillPicture,
  variants: readonly ReadVariant[],
  formats: readonly ReadableFormat[] | undefined,
  options: DecodeOptions,
): Promise<(DecodeResult | null)[]> {
  const reads: (DecodeResult | null)[] = [];
  for (const variant of variants) {
    const view = variant.view(pixels);
    if (!view) continue;
    reads.push(
      await decodeImageData(asRead(view, padded), {
        ...options,
        ...(formats ? { formats } : {}),
        reader: { ...options.reader, ...variant.reader, eanAddOnSymbol: 'Ignore' },
      }),
    );
  }
  return reads;
}
