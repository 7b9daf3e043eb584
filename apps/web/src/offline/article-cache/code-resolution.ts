import { type Gs1Data, type InStoreEan, looksLikeGs1, normaliseGtin, parseGs1, parseInStoreEan } from '@mde/contracts';

/**
 * What a scanned code may stand for, in the order the cache tries it — the same readings as the server's
 * lookup by code: GTIN forms normalised to GTIN-14, German in-store weight/price EANs, GS1
 * element strings (check digits verified) and finally the article number itself.
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
  return { ok: false, error: 'unreadable' };
}

export function resolveCode(raw: string): CodeResolution {
  const code = raw.trim();
  if (!code) return { ok: false, error: 'unreadable' };
  if (looksLikeGs1(code)) return fromGs1(code);
  const readings: CodeReading[] = [];
  const inStore = parseInStoreEan(code);
  if (inStore) readings.push({ kind: 'in-store', ean: inStore, code });
  const gtin = normaliseGtin(code);
  if (gtin.kind === 'gtin') readings.push({ kind: 'gtin', gtin14s: gtin.candidates.map((c) => c.gtin14), quantity: 1 });
  readings.push({ kind: 'number', number: code });
  // A GTIN-length digit string whose check digit fits no reading is a misread unless it is an article number.
  return { ok: true, readings };
}

/** True when the code has a GTIN length but a wrong check digit: if no article number matches, say so. */
export const isCheckDigitMisread = (raw: string) => normaliseGtin(raw.trim()).kind === 'invalid-check-digit';
