import { hasValidCheckDigit } from './gtin';

// GS1-128 / GS1 DataMatrix / GS1 QR / DataBar Expanded element strings (GS1 General Specifications §3, §7.8).
// Scanners send FNC1 as ASCII 29 (GS) and may prefix the AIM symbology identifier (]C1, ]d2, ]Q3, ]e0).
// Variable-length fields end at GS or at the end of the data. Check digits of AI 00/01/02 are verified so
// a misread is reported instead of matching the wrong article.

export const GS = '\u001d';
const GS1_SYMBOLOGY_IDS = [']C1', ']d2', ']Q3', ']e0'];

interface AiDefinition {
  /** Fixed total length of the value, or the maximum for variable-length AIs. */
  length: number;
  fixed: boolean;
  numeric: boolean;
}

// The AIs the lookup understands; any other AI makes the string unreadable (we cannot know where it ends).
const AIS: Record<string, AiDefinition> = {
  '00': { length: 18, fixed: true, numeric: true },
  '01': { length: 14, fixed: true, numeric: true },
  '02': { length: 14, fixed: true, numeric: true },
  '10': { length: 20, fixed: false, numeric: false },
  '11': { length: 6, fixed: true, numeric: true },
  '13': { length: 6, fixed: true, numeric: true },
  '15': { length: 6, fixed: true, numeric: true },
  '16': { length: 6, fixed: true, numeric: true },
  '17': { length: 6, fixed: true, numeric: true },
  '20': { length: 2, fixed: true, numeric: true },
  '21': { length: 20, fixed: false, numeric: false },
  '30': { length: 8, fixed: false, numeric: true },
  '37': { length: 8, fixed: false, numeric: true },
};
for (let x = 0; x <= 5; x++) AIS[`310${x}`] = { length: 6, fixed: true, numeric: true };

export interface Gs1Data {
  sscc?: string;
  gtin?: string;
  containedGtin?: string;
  batch?: string;
  /** AI 17 as an ISO date; day 00 means the last day of the month. */
  expiry?: string;
  /** AI 30 (variable count of items). */
  count?: number;
  /** AI 37 (count of trade items contained, with AI 02). */
  containedCount?: number;
  /** AI 310x converted to grams. */
  netWeightGrams?: number;
  serial?: string;
}

export type Gs1ParseResult =
  | { ok: true; data: Gs1Data; elements: { ai: string; value: string }[] }
  | { ok: false; error: 'check-digit' | 'syntax'; ai?: string };

/** Removes a leading AIM symbology identifier (']' + letter + digit). */
export function stripSymbologyId(raw: string): string {
  return /^\][A-Za-z][0-9]/.test(raw) ? raw.slice(3) : raw;
}

/**
 * Whether a scan is a GS1 element string rather than a plain code: a GS1 symbology identifier, a GS
 * character, the human-readable '(01)…' form, or digits starting with AI 00/01/02 longer than a GTIN.
 */
export function looksLikeGs1(raw: string): boolean {
  if (GS1_SYMBOLOGY_IDS.some((id) => raw.startsWith(id))) return true;
  if (raw.includes(GS)) return true;
  if (/^\([0-9]{2,4}\)/.test(raw)) return true;
  // A bare GTIN has at most 14 digits; AI 01/02 + 14 digits (or AI 00 + 18) is at least 16 characters.
  return /^0[012][0-9]{14}/.test(raw);
}

/** GS1 date YYMMDD (2000–2099) as ISO; DD 00 = last day of the month; null when it is no date. */
export function gs1Date(value: string): string | null {
  if (!/^[0-9]{6}$/.test(value)) return null;
  const year = 2000 + Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  let day = Number(value.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function splitHumanReadable(text: string): { ai: string; value: string }[] | null {
  const parts = [...text.matchAll(/\(([0-9]{2,4})\)([^(]*)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return parts.map((p) => ({ ai: p[1] ?? '', value: p[2] ?? '' }));
}

function splitRaw(text: string): { ai: string; value: string }[] | null {
  const elements: { ai: string; value: string }[] = [];
  let pos = 0;
  while (pos < text.length) {
    if (text[pos] === GS) {
      pos++;
      continue;
    }
    const ai = [2, 3, 4].map((n) => text.slice(pos, pos + n)).find((candidate) => AIS[candidate]);
    const def = ai ? AIS[ai] : undefined;
    if (!ai || !def) return null;
    pos += ai.length;
    let end: number;
    if (def.fixed) end = pos + def.length;
    else {
      const gs = text.indexOf(GS, pos);
      end = gs === -1 ? text.length : gs;
    }
    elements.push({ ai, value: text.slice(pos, end) });
    pos = end;
  }
  return elements;
}

/** Parses an element string (raw with GS separators, or '(01)…(10)…'); verifies lengths and check digits. */
export function parseGs1(raw: string): Gs1ParseResult {
  const text = stripSymbologyId(raw.trim());
  const elements = text.startsWith('(') ? splitHumanReadable(text) : splitRaw(text);
  if (!elements || elements.length === 0) return { ok: false, error: 'syntax' };
  const data: Gs1Data = {};
  for (const { ai, value } of elements) {
    const def = AIS[ai];
    if (!def) return { ok: false, error: 'syntax', ai };
    const lengthOk = def.fixed ? value.length === def.length : value.length >= 1 && value.length <= def.length;
    if (!lengthOk || (def.numeric && !/^[0-9]+$/.test(value))) return { ok: false, error: 'syntax', ai };
    if ((ai === '00' || ai === '01' || ai === '02') && !hasValidCheckDigit(value)) {
      return { ok: false, error: 'check-digit', ai };
    }
    if (ai === '00') data.sscc = value;
    else if (ai === '01') data.gtin = value;
    else if (ai === '02') data.containedGtin = value;
    else if (ai === '10') data.batch = value;
    else if (ai === '21') data.serial = value;
    else if (ai === '30') data.count = Number(value);
    else if (ai === '37') data.containedCount = Number(value);
    else if (ai === '17') {
      const date = gs1Date(value);
      if (!date) return { ok: false, error: 'syntax', ai };
      data.expiry = date;
    } else if (ai.startsWith('310')) {
      const decimals = Number(ai.charAt(3));
      data.netWeightGrams = Math.round((Number(value) / 10 ** decimals) * 1000);
    }
  }
  return { ok: true, data, elements };
}

/** Builds a raw element string with GS after each variable-length field that is not last (for labels, tests). */
export function buildGs1(elements: { ai: string; value: string }[]): string {
  return elements
    .map(({ ai, value }, i) => {
      const variable = AIS[ai]?.fixed === false;
      return `${ai}${value}${variable && i < elements.length - 1 ? GS : ''}`;
    })
    .join('');
}
