import type { ReadableFormat } from '@mde/contracts';
import { FILE_CANVAS } from '../settings/constants';
import { confirmLinear } from './decode-confirm';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels, scalePixels } from './image-ops';

/** The picked picture, and whether the first read needed it on the padded canvas (docs/spec.md §9). */
export interface StillPicture {
  pixels: Pixels;
  padded: boolean;
}

/** What the decoder reads of a picture: itself, or on the padded canvas as the first read did. */
const asRead = (pixels: Pixels, padded: boolean) =>
  padded ? padPixels(pixels, FILE_CANVAS.padding, FILE_CANVAS.minHeight) : pixels;

/** The retail codes a photo or file is checked again for (EAN/UPC: a check digit only). */
export const RETAIL_FORMATS: readonly ReadableFormat[] = ['EAN_13', 'EAN_8', 'UPC_A', 'UPC_E'];

/**
 * PDF417 corrects its own errors, yet a photo shrunk until its rows run together can still decode to other text
 * (bench: pdf417-3/09 at a third of its size); a copy at another scale then reads the printed text. Such a read
 * counts unless a rescaled copy reads something else.
 */
export const CROSS_CHECKED_FORMATS: readonly ReadableFormat[] = ['PDF_417'];

/**
 * Rescaled copies read when the strict read does not back the first one. 0.75 helps large photos, 1.5 and 3
 * small ones (a code a few pixels per bar wide); an enlarged copy over UPSCALE_LIMIT pixels is skipped, as it
 * costs seconds and a photo that large has bars wide enough already.
 */
export const RESCALED_VIEWS = [0.75, 1.5, 3] as const;
export const UPSCALE_LIMIT = 1_000_000;

/** The reads of one picture the rule weighs: null where that read found no retail code. */
export interface StillReads {
  /** The app's read (2 scan lines agree). */
  first: string;
  /** The same picture read with CONFIRMING_LINES scan lines that must agree. */
  strict: string | null;
  /** The rescaled copies' reads (RESCALED_VIEWS), add-on left out. */
  views: readonly (string | null)[];
}

/**
 * Two reads name the same code. Only the first read keeps an add-on (a Bookland EAN-13 with 2 or 5 more digits,
 * docs/spec.md §5); the others leave it out, so the comparison is of the 13-digit main code.
 */
const mainCode = (text: string) => (text.length > 13 ? text.slice(0, 13) : text);
const same = (a: string, b: string) => mainCode(a) === mainCode(b);

/**
 * A wrong article counted is worse than none: a retail code from a still image counts only when two
 * independent reads agree on it, or one read where CONFIRMING_LINES scan lines agree backs the first read.
 * Where the strict read names another code, that one is the candidate (the first read's 2 lines lost to 5).
 * A rescaled copy reading another code makes it doubtful, and then there is no answer: the worker scans again.
 * Returns the text that counts, or null.
 */
export function agreedText({ first, strict, views }: StillReads): string | null {
  if (strict !== null && same(first, strict)) return first;
  const candidate = strict ?? first;
  const seen = views.filter((v): v is string => v !== null);
  if (seen.length === 0 || seen.some((v) => !same(candidate, v))) return null;
  return candidate;
}

/** The reads of the rescaled copies (RESCALED_VIEWS) in `formats`, the add-on left out. */
async function readRescaled(
  { pixels, padded }: StillPicture,
  formats: readonly ReadableFormat[],
  options: DecodeOptions,
): Promise<(DecodeResult | null)[]> {
  const views: (DecodeResult | null)[] = [];
  for (const factor of RESCALED_VIEWS) {
    if (factor > 1 && pixels.width * pixels.height * factor * factor > UPSCALE_LIMIT) continue;
    views.push(
      await decodeImageData(asRead(scalePixels(pixels, factor), padded), {
        formats,
        reader: { ...options.reader, eanAddOnSymbol: 'Ignore' },
      }),
    );
  }
  return views;
}

/** A PDF417 read from a still image, or null when a rescaled copy reads other text (CROSS_CHECKED_FORMATS). */
export async function uncontradictedRead(
  picture: StillPicture,
  first: DecodeResult,
  options: DecodeOptions = {},
): Promise<DecodeResult | null> {
  const views = await readRescaled(picture, [first.format], options);
  return views.some((v) => v !== null && v.text !== first.text) ? null : first;
}

/** Reads `first`'s picture again as agreedText needs it and returns the read that counts, or null. */
export async function agreedRetailRead(
  picture: StillPicture,
  first: DecodeResult,
  options: DecodeOptions = {},
): Promise<DecodeResult | null> {
  const strict = await confirmLinear(asRead(picture.pixels, picture.padded), first, options);
  if (strict?.agrees) return first;
  const views = await readRescaled(picture, RETAIL_FORMATS, options);
  const text = agreedText({
    first: first.text,
    strict: strict?.read.text ?? null,
    views: views.map((v) => v?.text ?? null),
  });
  if (text === null) return null;
  return text === first.text ? first : (strict?.read ?? null);
}
