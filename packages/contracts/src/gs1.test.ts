import { describe, expect, it } from 'vitest';
import { buildGs1, GS, gs1Date, looksLikeGs1, parseGs1, stripSymbologyId } from './gs1';
import { withCheckDigit } from './gtin';

const GTIN = withCheckDigit('0400638133393');

describe('parseGs1', () => {
  it('reads GTIN, batch with FNC1, expiry and weight', () => {
    const raw = `]C101${GTIN}10CH-4711${GS}17261231${'3102'}001250`;
    const result = parseGs1(raw);
    expect(result).toMatchObject({
      ok: true,
      data: { gtin: GTIN, batch: 'CH-4711', expiry: '2026-12-31', netWeightGrams: 12_500 },
    });
  });
  it('reads a logistic unit: SSCC, contained GTIN and count', () => {
    const sscc = withCheckDigit('34012345000000001');
    const raw = `]d200${sscc}02${GTIN}37120`;
    expect(parseGs1(raw)).toMatchObject({ ok: true, data: { sscc, containedGtin: GTIN, containedCount: 120 } });
  });
  it('reads the human-readable form and AI 30', () => {
    expect(parseGs1(`(01)${GTIN}(30)12(10)A1`)).toMatchObject({
      ok: true,
      data: { gtin: GTIN, count: 12, batch: 'A1' },
    });
  });
  it('reports a wrong check digit in AI 01, 02 and 00', () => {
    const bad = `${GTIN.slice(0, 13)}${(Number(GTIN.at(-1)) + 1) % 10}`;
    expect(parseGs1(`01${bad}`)).toEqual({ ok: false, error: 'check-digit', ai: '01' });
    expect(parseGs1(`02${bad}3712`)).toEqual({ ok: false, error: 'check-digit', ai: '02' });
    expect(parseGs1('00340123450000000010')).toMatchObject({ ok: false, error: 'check-digit' });
  });
  it('reports syntax errors: unknown AI, short field, bad date', () => {
    expect(parseGs1(`01${GTIN}99ABC`)).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseGs1('0140063813')).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseGs1(`01${GTIN}17261332`)).toMatchObject({ ok: false, error: 'syntax', ai: '17' });
    expect(parseGs1('')).toMatchObject({ ok: false });
  });
  it('builds what it parses', () => {
    const elements = [
      { ai: '01', value: GTIN },
      { ai: '10', value: 'L1' },
      { ai: '17', value: '270100' },
    ];
    const result = parseGs1(buildGs1(elements));
    expect(result).toMatchObject({ ok: true, elements, data: { expiry: '2027-01-31' } });
  });
});

describe('helpers', () => {
  it('strips symbology identifiers', () => {
    for (const id of [']C1', ']d2', ']Q3', ']e0']) expect(stripSymbologyId(`${id}01${GTIN}`)).toBe(`01${GTIN}`);
  });
  it('tells element strings from plain codes', () => {
    expect(looksLikeGs1(`01${GTIN}`)).toBe(true);
    expect(looksLikeGs1(`(01)${GTIN}`)).toBe(true);
    expect(looksLikeGs1(`]C1${GTIN}`)).toBe(true);
    expect(looksLikeGs1(GTIN)).toBe(false);
    expect(looksLikeGs1('4006381333931')).toBe(false);
    expect(looksLikeGs1('100001')).toBe(false);
  });
  it('converts GS1 dates', () => {
    expect(gs1Date('240200')).toBe('2024-02-29');
    expect(gs1Date('250231')).toBeNull();
    expect(gs1Date('251301')).toBeNull();
  });
});
