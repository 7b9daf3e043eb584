import { describe, expect, it } from 'vitest';
import { gs1Facts, inStoreLabelFacts, isCheckDigitMisread, readCode } from './code-reading';
import { makeInStoreEan, withCheckDigit } from './gtin';

describe('readCode', () => {
  it('reads an EAN-13 as its GTIN-14, then as an article number', () => {
    const ean = withCheckDigit('400000000001');
    expect(readCode(` ${ean} `)).toEqual({
      ok: true,
      readings: [
        { kind: 'gtin', gtin14s: [`0${ean}`], quantity: 1 },
        { kind: 'number', number: ean },
      ],
    });
  });
  it('reads an in-store weight label first, and a GS1 string by its trade item and count', () => {
    const label = makeInStoreEan('weight', '01234', 1250);
    const first = readCode(label);
    expect(first.ok && first.readings[0]).toMatchObject({ kind: 'in-store', ean: { kind: 'weight', value: 1250 } });
    const gtin = withCheckDigit('0400000000001');
    const gs1 = readCode(`(02)${gtin}(37)12`);
    expect(gs1.ok && gs1.readings).toEqual([expect.objectContaining({ kind: 'gtin', gtin14s: [gtin], quantity: 12 })]);
  });
  it('finds nothing to look up in an SSCC alone, and refuses empty input', () => {
    expect(readCode(`(00)${withCheckDigit('00400000000000001')}`)).toEqual({ ok: true, readings: [] });
    expect(readCode('  ')).toEqual({ ok: false, error: 'unreadable' });
  });
  it('tells a misread check digit from an article number', () => {
    const ean = withCheckDigit('400000000001');
    const wrong = `${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`;
    expect(isCheckDigitMisread(wrong)).toBe(true);
    expect(isCheckDigitMisread(ean)).toBe(false);
  });
});

describe('label facts', () => {
  const cheese = { baseUnit: 'kg', priceCents: 1990 };
  it('a weight label gives the kg and, for weighed goods, the price', () => {
    const ean = { kind: 'weight' as const, plu: '01234', value: 1250 };
    expect(inStoreLabelFacts(ean, cheese)).toEqual({ quantity: 1.25, weightGrams: 1250, priceCents: 2488 });
    expect(inStoreLabelFacts(ean, { baseUnit: 'Stück', priceCents: 199 })).toEqual({
      quantity: 1.25,
      weightGrams: 1250,
    });
  });
  it('a price label gives the weight of weighed goods and one piece otherwise', () => {
    const ean = { kind: 'price' as const, plu: '01234', value: 995 };
    expect(inStoreLabelFacts(ean, cheese)).toEqual({ quantity: 0.5, weightGrams: 500, priceCents: 995 });
    expect(inStoreLabelFacts(ean, { baseUnit: 'Stück', priceCents: 199 })).toEqual({ quantity: 1, priceCents: 995 });
  });
  it('a GS1 net weight is the quantity of weighed goods only', () => {
    const reading = { kind: 'gtin' as const, gtin14s: ['x'], quantity: 3, gs1: { netWeightGrams: 750 } };
    expect(gs1Facts(reading, 'kg')).toEqual({ quantity: 0.75, weightGrams: 750 });
    expect(gs1Facts(reading, 'Stück')).toEqual({ quantity: 3, weightGrams: 750 });
  });
});
