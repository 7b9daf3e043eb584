import { describe, expect, it } from 'vitest';
import {
  compressUpcA,
  displayGtin,
  expandUpcE,
  gtinCheckDigit,
  hasValidCheckDigit,
  makeInStoreEan,
  normaliseGtin,
  parseInStoreEan,
  withCheckDigit,
} from './gtin';

describe('check digits', () => {
  it('computes EAN-13, EAN-8, UPC-A and GTIN-14 check digits', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // 4006381333931
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(withCheckDigit('1400638133393')).toBe('14006381333938');
  });
  it('rejects a wrong check digit and wrong lengths', () => {
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('4006381333932')).toBe(false);
    expect(hasValidCheckDigit('400638133393')).toBe(false);
    expect(hasValidCheckDigit('40063813339a1')).toBe(false);
  });
});

describe('UPC-E', () => {
  it('expands every UPC-E pattern to its UPC-A and back', () => {
    const cases: [string, string][] = [
      ['0425261', '04210000526'],
      ['0123450', '01200000345'],
      ['0123452', '01220000345'],
      ['0123453', '01230000045'],
      ['0123454', '01234000005'],
      ['1123457', '11234500007'],
    ];
    for (const [upcE, upcA] of cases) {
      const fullA = withCheckDigit(upcA);
      const fullE = `${upcE}${gtinCheckDigit(upcA)}`;
      expect(expandUpcE(fullE)).toBe(fullA);
      expect(compressUpcA(fullA)).toBe(fullE);
    }
  });
  it('has no UPC-E form for a UPC-A that does not compress', () => {
    expect(compressUpcA('036000291452')).toBeNull();
    expect(expandUpcE('24252614')).toBeNull();
  });
});

describe('normaliseGtin', () => {
  it('maps UPC-A as 12 digits and as 13 digits to the same GTIN-14', () => {
    const a = normaliseGtin('036000291452');
    const b = normaliseGtin('0036000291452');
    expect(a).toEqual({ kind: 'gtin', candidates: [{ gtin14: '00036000291452', type: 'upc_a' }] });
    expect(b.kind === 'gtin' && b.candidates[0]?.gtin14).toBe('00036000291452');
  });
  it('tries an 8-digit code as EAN-8 and as UPC-E', () => {
    const upcA = withCheckDigit('04210000526');
    const upcE = compressUpcA(upcA) ?? '';
    const result = normaliseGtin(upcE);
    expect(result.kind === 'gtin' && result.candidates.map((c) => c.gtin14)).toContain(`00${upcA}`);
    expect(normaliseGtin('96385074')).toEqual({
      kind: 'gtin',
      candidates: [{ gtin14: '00000096385074', type: 'ean8' }],
    });
  });
  it('reports a wrong check digit instead of a candidate', () => {
    expect(normaliseGtin('4006381333932')).toEqual({ kind: 'invalid-check-digit' });
    expect(normaliseGtin('14006381333939')).toEqual({ kind: 'invalid-check-digit' });
  });
  it('leaves other strings alone', () => {
    expect(normaliseGtin('100001')).toEqual({ kind: 'not-gtin' });
    expect(normaliseGtin('ABCDEFGH')).toEqual({ kind: 'not-gtin' });
  });
  it('prints a GTIN-14 in the form of its type', () => {
    expect(displayGtin('00000096385074', 'ean8')).toBe('96385074');
    expect(displayGtin('04006381333931', 'ean13')).toBe('4006381333931');
    expect(displayGtin('00036000291452', 'upc_a')).toBe('036000291452');
  });
});

describe('in-store EANs', () => {
  it('round-trips weight and price labels', () => {
    const weight = makeInStoreEan('weight', '00042', 1234);
    expect(weight).toMatch(/^2100042012344$|^21000420123[0-9]{2}$/);
    expect(parseInStoreEan(weight)).toEqual({ kind: 'weight', plu: '00042', value: 1234 });
    const price = makeInStoreEan('price', '00042', 599, 28);
    expect(parseInStoreEan(price)).toEqual({ kind: 'price', plu: '00042', value: 599 });
  });
  it('ignores prefix 20, other prefixes and bad check digits', () => {
    expect(parseInStoreEan(withCheckDigit('200004201234'))).toBeNull();
    expect(parseInStoreEan('4006381333931')).toBeNull();
    const weight = makeInStoreEan('weight', '00042', 1234);
    const broken = `${weight.slice(0, 12)}${(Number(weight.at(-1)) + 1) % 10}`;
    expect(parseInStoreEan(broken)).toBeNull();
  });
  it('refuses values that do not fit the layout', () => {
    expect(() => makeInStoreEan('weight', '42', 1)).toThrow();
    expect(() => makeInStoreEan('price', '00042', 100_000)).toThrow();
    expect(() => makeInStoreEan('price', '00042', 1, 22)).toThrow();
  });
});
