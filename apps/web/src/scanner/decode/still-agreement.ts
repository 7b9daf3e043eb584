import type { ReadableFormat } from '@mde/contracts';
import { confirmLinear } from './decode-confirm';
import type { DecodeOptions, DecodeResult } from './decode-image-data';
import { keepsAddOn } from './decode-rules';
import {
  asRead,
  CHECK_VARIANTS,
  MORE_VARIANTS,
  RESCUE_VARIANTS,
  type ReadVariant,
  readVariants,
  type StillPicture,
} from './read-variants';

/** The retail codes a photo or file is checked again for (EAN/UPC: a check digit only). */
export const RETAIL_FORMATS: readonly ReadableFormat[] = ['EAN_13', 'EAN_8', 'UPC_A', 'UPC_E'];

/**
 * PDF417 corrects its own errors, yet a photo shrunk until its rows run together can still decode to other text
 * (bench: pdf417-3/09 at a third of its size); a copy at another scale then reads the printed text. Such a read
 * counts unless a rescaled copy reads something else.
 */
export const CROSS_CHECKED_FORMATS: readonly ReadableFormat[] = ['PDF_417'];

/** The reads of one picture the rule weighs: null where that read found no retail code. */
export interface StillReads {
  /** The app's read (2 scan lines agree). */
  first: string;
  /** The same picture read with CONFIRMING_LINES scan lines that must agree. */
  strict: string | null;
  /** The CHECK_VARIANTS reads, add-on left out. */
  views: readonly (string | null)[];
  /** The MORE_VARIANTS reads, made only when no `views` read found a code (add-on left out). */
  moreViews?: readonly (string | null)[];
}

/**
 * Two reads name the same code. Only the first read keeps an add-on (a Bookland EAN-13 with 2 or 5 more digits,
 * docs/spec.md §5); the others leave it out, so the comparison is of the 13-digit main code.
 */
const mainCode = (text: string) => (text.length > 13 ? text.slice(0, 13) : text);
const same = (a: string, b: string) => mainCode(a) === mainCode(b);

/** What a set of other reads says of a candidate: one backs it and none reads another code, one reads another, or none found a code. */
export type Weighing = 'backed' | 'contradicted' | 'unread';

export function weigh(candidate: string, reads: readonly (string | null)[]): Weighing {
  const seen = reads.filter((v): v is string => v !== null);
  if (seen.some((v) => !same(candidate, v))) return 'contradicted';
  return seen.length > 0 ? 'backed' : 'unread';
}

/**
 * A wrong article counted is worse than none: a retail code from a still image counts only when two
 * independent reads agree on it, or one read where CONFIRMING_LINES scan lines agree backs the first read.
 * Where the strict read names another code, that one is the candidate (the first read's 2 lines lost to 5).
 * Another read naming another code makes it doubtful, and then there is no answer: the worker scans again.
 * The rescaled copies are weighed first; only where none of them found a code at all do the further variants
 * (moreViews) get their say, with the same rule. Returns the text that counts, or null.
 */
export function agreedText({ first, strict, views, moreViews = [] }: StillReads): string | null {
  if (strict !== null && same(first, strict)) return first;
  const candidate = strict ?? first;
  const verdict = weigh(candidate, views);
  if (verdict === 'backed') return candidate;
  if (verdict === 'contradicted') return null;
  return weigh(candidate, moreViews) === 'backed' ? candidate : null;
}

/**
 * A code the first read missed and only other looks at the picture found: it counts when two of those reads
 * agree on it and none reads another; a single read, however clear, is no answer (nothing backs it). These reads
 * all leave the add-on out, so they are compared whole.
 */
export function rescuedText(reads: readonly (string | null)[]): string | null {
  const seen = reads.filter((v): v is string => v !== null);
  const [candidate] = seen;
  if (candidate === undefined || seen.length < 2) return null;
  return seen.every((v) => v === candidate) ? candidate : null;
}

/** A PDF417 read from a still image, or null when a rescaled copy reads other text (CROSS_CHECKED_FORMATS). */
export async function uncontradictedRead(
  picture: StillPicture,
  first: DecodeResult,
  options: DecodeOptions = {},
): Promise<DecodeResult | null> {
  const views = await readVariants(picture, CHECK_VARIANTS, [first.format], options);
  return views.some((v) => v !== null && v.text !== first.text) ? null : first;
}

/**
 * Reads `first`'s picture again as agreedText needs it and returns the read that counts, or null. The further
 * variants are read only when the rescaled copies found nothing (`more`: the bench passes none to measure the
 * rule without them).
 */
export async function agreedRetailRead(
  picture: StillPicture,
  first: DecodeResult,
  options: DecodeOptions = {},
  more: readonly ReadVariant[] = MORE_VARIANTS,
): Promise<DecodeResult | null> {
  const strict = await confirmLinear(asRead(picture.pixels, picture.padded), first, options);
  if (strict?.agrees) return first;
  const texts = (reads: (DecodeResult | null)[]) => reads.map((v) => v?.text ?? null);
  const views = texts(await readVariants(picture, CHECK_VARIANTS, RETAIL_FORMATS, options));
  const candidate = strict?.read.text ?? first.text;
  const moreViews =
    weigh(candidate, views) === 'unread' ? texts(await readVariants(picture, more, RETAIL_FORMATS, options)) : [];
  const text = agreedText({ first: first.text, strict: strict?.read.text ?? null, views, moreViews });
  if (text === null) return null;
  return text === first.text ? first : (strict?.read ?? null);
}

/**
 * The picture the first read found nothing in, read through RESCUE_VARIANTS: the code two of them agree on
 * (same format and text) and no other contradicts, or null; never a Bookland or ISSN EAN-13, whose add-on these
 * reads cannot decide (docs/spec.md §5). The reads stop as soon as the answer is settled:
 * a second code read, or too few variants left for two reads to agree (most such pictures hold no code at all).
 */
export async function rescuedRead(picture: StillPicture, options: DecodeOptions = {}): Promise<DecodeResult | null> {
  const found: DecodeResult[] = [];
  const key = (r: DecodeResult) => `${r.format} ${r.text}`;
  for (const [i, variant] of RESCUE_VARIANTS.entries()) {
    if (found.length + RESCUE_VARIANTS.length - i < 2) break;
    const [read] = await readVariants(picture, [variant], options.formats, options);
    if (read) found.push(read);
    if (new Set(found.map(key)).size > 1) return null;
  }
  const text = rescuedText(found.map(key));
  const read = text === null ? null : (found.find((r) => key(r) === text) ?? null);
  // These reads leave the add-on out: a Bookland or ISSN code's add-on (price, issue) is left to a new scan.
  return read && !keepsAddOn(read.format, read.text) ? read : null;
}
