// GTIN helpers shared by server and web: check digits, UPC-E expansion, normalisation to GTIN-14 and
// German in-store (weight/price) EANs. Every code is compared as a 14-digit GTIN, because decoders and
// scanners report the same UPC as 12 digits (UPC-A), 13 digits (EAN-13 with a leading 0) or 8 (UPC-E).

export type GtinType = 'ean8' | 'upc_e' | 'upc_a' | 'ean13' | 'gtin14';

/** Mod-10 check digit over the digits without the check digit (weights 3,1,3,… from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export const isDigits = (s: string) => /^[0-9]+$/.test(s);

/** True when the code is 8, 12, 13 or 14 digits and its last digit is the right check digit. */
export function hasValidCheckDigit(code: string): boolean {
  if (!isDigits(code) || ![8, 12, 13, 14, 18].includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** Appends the check digit to a body of 7, 11, 12, 13 or 17 digits. */
export const withCheckDigit = (body: string) => `${body}${gtinCheckDigit(body)}`;

export const toGtin14 = (code: string) => code.padStart(14, '0');

/**
 * UPC-E (number system 0/1 + 6 digits + check digit) expanded to its 12-digit UPC-A, or null when the
 * number system is not 0 or 1. The UPC-E check digit is the UPC-A's, so it is verified on the result.
 */
export function expandUpcE(upcE: string): string | null {
  if (!/^[01][0-9]{7}$/.test(upcE)) return null;
  const ns = upcE.charAt(0);
  const d = upcE.slice(1, 7);
  const check = upcE.charAt(7);
  const last = d.charAt(5);
  let body: string;
  if (last === '0' || last === '1' || last === '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d.charAt(4)}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  return `${ns}${body}${check}`;
}

/** The UPC-E form of a UPC-A when one exists (inverse of expandUpcE), else null. */
export function compressUpcA(upcA: string): string | null {
  if (!/^[01][0-9]{11}$/.test(upcA)) return null;
  const ns = upcA.charAt(0);
  const m = upcA.slice(1, 6);
  const p = upcA.slice(6, 11);
  const check = upcA.charAt(11);
  let d: string | null = null;
  if (/^[0-9]{2}[012]00$/.test(m) && p.startsWith('00')) d = `${m.slice(0, 2)}${p.slice(2)}${m.charAt(2)}`;
  else if (/^[0-9]{3}00$/.test(m) && /^000[0-9]{2}$/.test(p)) d = `${m.slice(0, 3)}${p.slice(3)}3`;
  else if (/^[0-9]{4}0$/.test(m) && /^0000[0-9]$/.test(p)) d = `${m.slice(0, 4)}${p.charAt(4)}4`;
  else if (/^[0-9]{4}[1-9]$/.test(m) && /^0000[5-9]$/.test(p)) d = `${m}${p.charAt(4)}`;
  if (!d) return null;
  const upcE = `${ns}${d}${check}`;
  return expandUpcE(upcE) === upcA ? upcE : null;
}

export interface GtinCandidate {
  gtin14: string;
  type: GtinType;
}

export type NormalisedCode =
  | { kind: 'gtin'; candidates: GtinCandidate[] }
  | { kind: 'invalid-check-digit' }
  | { kind: 'not-gtin' };

/**
 * A scanned digit string as the GTIN-14 forms it may stand for. 8 digits may be an EAN-8 or a UPC-E
 * (both are tried, each with its own check digit); 12 is UPC-A; 13 EAN-13; 14 GTIN-14 (ITF-14 case codes).
 * A digit string of one of those lengths whose check digit fits no reading is a misread, never a match.
 */
export function normaliseGtin(code: string): NormalisedCode {
  if (!isDigits(code) || ![8, 12, 13, 14].includes(code.length)) return { kind: 'not-gtin' };
  const candidates: GtinCandidate[] = [];
  if (code.length === 8) {
    if (hasValidCheckDigit(code)) candidates.push({ gtin14: toGtin14(code), type: 'ean8' });
    const upcA = expandUpcE(code);
    if (upcA && hasValidCheckDigit(upcA)) candidates.push({ gtin14: toGtin14(upcA), type: 'upc_e' });
  } else if (hasValidCheckDigit(code)) {
    const type: GtinType = code.length === 12 ? 'upc_a' : code.length === 13 ? 'ean13' : 'gtin14';
    candidates.push({ gtin14: toGtin14(code), type });
  }
  return candidates.length > 0 ? { kind: 'gtin', candidates } : { kind: 'invalid-check-digit' };
}

/** The code as printed on the label for a stored GTIN-14 and its type. */
export function displayGtin(gtin14: string, type: GtinType): string {
  switch (type) {
    case 'ean8':
      return gtin14.slice(6);
    case 'upc_a':
      return gtin14.slice(2);
    case 'upc_e':
      return compressUpcA(gtin14.slice(2)) ?? gtin14.slice(2);
    case 'ean13':
      return gtin14.slice(1);
    default:
      return gtin14;
  }
}

// German in-store EANs (GS1 prefixes 20–29 are for store-internal numbering). Our layout, which the
// demo generator prints and the lookup reads:
//   EAN-13 = 2P AAAAA VVVVV C
//   2P     prefix: 20 = plain in-store article number (looked up as a whole GTIN, no embedded value);
//          21–24 = weight in grams; 25–29 = price in cents (incl. VAT)
//   AAAAA  5-digit article code (PLU) of the firma
//   VVVVV  5-digit value (weight up to 99.999 kg or price up to 999,99 €); no separate price check digit
//   C      ordinary EAN-13 check digit over the first 12 digits
export type InStoreKind = 'weight' | 'price';

export interface InStoreEan {
  kind: InStoreKind;
  plu: string;
  /** Grams for 'weight', cents for 'price'. */
  value: number;
}

/** The embedded article code and value of a valid 13-digit in-store EAN with prefix 21–29, else null. */
export function parseInStoreEan(ean13: string): InStoreEan | null {
  if (!/^2[1-9][0-9]{11}$/.test(ean13) || !hasValidCheckDigit(ean13)) return null;
  const prefix = Number(ean13.slice(0, 2));
  return { kind: prefix <= 24 ? 'weight' : 'price', plu: ean13.slice(2, 7), value: Number(ean13.slice(7, 12)) };
}

/** Builds an in-store EAN in the layout above (prefix 21 for weight, 26 for price by default). */
export function makeInStoreEan(kind: InStoreKind, plu: string, value: number, prefix = kind === 'weight' ? 21 : 26) {
  if (!/^[0-9]{5}$/.test(plu)) throw new RangeError('PLU must have 5 digits');
  if (!Number.isInteger(value) || value < 0 || value > 99_999) throw new RangeError('value out of range');
  const valid = kind === 'weight' ? prefix >= 21 && prefix <= 24 : prefix >= 25 && prefix <= 29;
  if (!valid) throw new RangeError('prefix does not fit the kind');
  return withCheckDigit(`${prefix}${plu}${String(value).padStart(5, '0')}`);
}
