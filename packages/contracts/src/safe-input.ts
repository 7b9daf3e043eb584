import { MSG } from './messages';

// PostgreSQL's text type cannot hold a NUL character, and a lone UTF-16 surrogate has no UTF-8 form:
// either one reaching the database fails the whole statement. PostgreSQL's dates end at year 9999 on
// the far side and JavaScript's at year 0 on the near one, so both sides agree only on years 0001–9999.
// Every input is held to these limits before it is used, so a bad value is a 400 with a German message,
// on PGlite and PostgreSQL alike, never a failed transaction.

export const SAFE_INPUT_MSG = {
  unsafeText: 'Die Eingabe enthält unzulässige Zeichen',
  yearOutOfRange: 'Das Datum muss zwischen den Jahren 0001 und 9999 liegen',
} as const;

export const YEAR_MIN = 1;
export const YEAR_MAX = 9999;

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeChars(value: string): boolean {
  return UNSAFE.test(value);
}

/** The year of an ISO date or date-time (`YYYY-…`, an expanded `±YYYYYY-…` too); null when it has none. */
export function isoYear(value: string): number | null {
  const m = /^([+-]\d{6}|\d{4})-/.exec(value);
  return m ? Number(m[1]) : null;
}

/** True when an ISO date or date-time lies in years 0001–9999 (a string without a year passes: not a date). */
export function isYearInRange(value: string): boolean {
  const year = isoYear(value);
  return year === null || (year >= YEAR_MIN && year <= YEAR_MAX);
}

export interface UnsafeFinding {
  /** Where the value sits, as `changes.3.payload.unit`; object keys count as values too. */
  path: string;
  message: string;
}

// Deep enough for every body the API takes; deeper nesting is refused as unsafe rather than walked.
const MAX_DEPTH = 32;

/**
 * The first string anywhere in a parsed body, query or parameter set that no database could store:
 * NUL or a lone surrogate, in a value or a key. Dates are left to the schemas, which know which strings
 * are dates.
 */
export function findUnsafeInput(value: unknown, path = '', depth = 0): UnsafeFinding | null {
  if (typeof value === 'string')
    return hasUnsafeChars(value) ? { path: path || '(Wert)', message: SAFE_INPUT_MSG.unsafeText } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { path: path || '(Wert)', message: MSG.invalidValue };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeInput(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasUnsafeChars(key)) return { path: at, message: SAFE_INPUT_MSG.unsafeText };
    const found = findUnsafeInput(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}
