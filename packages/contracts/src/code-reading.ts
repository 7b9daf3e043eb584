import { type Gs1Data, looksLikeGs1, parseGs1 } from './gs1';
import { type InStoreEan, normaliseGtin, parseInStoreEan } from './gtin';
import { round3 } from './quantities';

/**
 * What a scanned code may stand for, in the order a lookup tries it, the same on the server and in the
 * device's article cache: GS1 element strings (check digits verified), German in-store weight/price EANs,
 * GTIN forms normalised to GTIN-14, and finally the article number itself.
 */
export type CodeReading =
  | { kind: 'gtin'; gtin14s: string[]; gs1?: Gs1Data; quantity: number }
  | { kind: 'in-store'; ean: InStoreEan; code: string }
  | { kind: 'number'; number: string };

export type CodeResolution = { ok: true; readings: CodeReading[] } | { ok: false; error: 'check-digit' | 'unreadable' };

function fromGs1(raw: string): CodeResolution {
  const parsed = parseGs1(raw);
  if (!parsed.ok) return { ok: false, error: parsed.error === 'check-digit' ? 'check-digit' : 'unreadable' };
  const { data } = parsed;
  // AI 01 is the trade item itself (AI 30 its count); AI 02 the contained item of a logistic unit (AI 37 its count).
  if (data.gtin)
    return { ok: true, readings: [{ kind: 'gtin', gtin14s: [data.gtin], gs1: data, quantity: data.count ?? 1 }] };
  if (data.containedGtin) {
    const quantity = data.containedCount ?? 1;
    return { ok: true, readings: [{ kind: 'gtin', gtin14s: [data.containedGtin], gs1: data, quantity }] };
  }
  // An SSCC alone names a pallet, not an article: nothing to look up.
  return { ok: true, readings: [] };
}

export function readCode(raw: string): CodeResolution {
  const code = raw.trim();
  if (!code) return { ok: false, error: 'unreadable' };
  if (looksLikeGs1(code)) return fromGs1(code);
  const readings: CodeReading[] = [];
  const inStore = parseInStoreEan(code);
  if (inStore) readings.push({ kind: 'in-store', ean: inStore, code });
  const gtin = normaliseGtin(code);
  if (gtin.kind === 'gtin') readings.push({ kind: 'gtin', gtin14s: gtin.candidates.map((c) => c.gtin14), quantity: 1 });
  readings.push({ kind: 'number', number: code });
  return { ok: true, readings };
}

/** A GTIN-length code whose check digit fits no reading: a misread, unless an article number matched. */
export const isCheckDigitMisread = (raw: string) => normaliseGtin(raw.trim()).kind === 'invalid-check-digit';

interface Priced {
  baseUnit: string;
  /** Scale-1 price; per kg when the base unit is kg. */
  priceCents: number | null;
}
export interface LabelFacts {
  quantity: number;
  weightGrams?: number;
  priceCents?: number;
}

/**
 * What an in-store label says of the article it names: a weight label carries grams (the price follows from
 * the kg price), a price label carries cents (the weight follows from the kg price of weighed goods).
 */
export function inStoreLabelFacts(ean: InStoreEan, article: Priced): LabelFacts {
  const kgPrice = article.baseUnit === 'kg' ? article.priceCents : null;
  if (ean.kind === 'weight') {
    const facts: LabelFacts = { quantity: round3(ean.value / 1000), weightGrams: ean.value };
    if (kgPrice !== null) facts.priceCents = Math.round((ean.value / 1000) * kgPrice);
    return facts;
  }
  if (!kgPrice) return { quantity: 1, priceCents: ean.value };
  const weightGrams = Math.round((ean.value / kgPrice) * 1000);
  return { quantity: round3(weightGrams / 1000), weightGrams, priceCents: ean.value };
}

/** A GS1 code's count, or for weighed goods its net weight in kg. */
export function gs1Facts(reading: Extract<CodeReading, { kind: 'gtin' }>, baseUnit: string): LabelFacts {
  const grams = reading.gs1?.netWeightGrams;
  if (grams === undefined) return { quantity: reading.quantity };
  return { quantity: baseUnit === 'kg' ? round3(grams / 1000) : reading.quantity, weightGrams: grams };
}
