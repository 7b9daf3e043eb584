import { describe, expect, it } from 'vitest';
import { type LookupStore, lookupArticleCode } from './article-lookup';
import type { ArticleSummary } from './articles';
import { buildGs1 } from './gs1';
import { makeInStoreEan, withCheckDigit } from './gtin';

const article = (idartstamm: number, more: Partial<ArticleSummary> = {}): ArticleSummary => ({
  idartstamm,
  number: `${100000 + idartstamm}`,
  designation1: `Artikel ${idartstamm}`,
  designation2: '',
  department: '',
  mainEan: null,
  baseUnit: 'Stück',
  priceCents: 199,
  stockTotal: 0,
  ...more,
});

const milk = withCheckDigit('400123400001');
const cheese = article(2, { baseUnit: 'kg', priceCents: 1000 });
const asked: string[] = [];
/** A fake store: one case code of milk, cheese by PLU, every article by its number. */
const store: LookupStore<string> = {
  async byGtins(gtin14s) {
    asked.push(`gtins ${gtin14s.join(',')}`);
    const gtin14 = gtin14s.find((g) => g === `0${milk}`);
    return gtin14 ? { row: 'milk-row', article: article(1), gtin14, unit: 'Karton', factor: 12 } : null;
  },
  async byPlu(plu) {
    asked.push(`plu ${plu}`);
    return plu === '01234' ? { row: 'cheese-row', article: cheese } : null;
  },
  async byNumber(number) {
    asked.push(`number ${number}`);
    return number === '100001' ? { row: 'milk-row', article: article(1) } : null;
  },
};

describe('lookupArticleCode', () => {
  it('answers a GTIN with the code unit and never asks for the number', async () => {
    asked.length = 0;
    expect(await lookupArticleCode(milk, store)).toEqual({
      ok: true,
      row: 'milk-row',
      lookup: {
        article: article(1),
        unit: 'Karton',
        factor: 12,
        quantity: 1,
        matchedBy: 'gtin',
        matchedCode: `0${milk}`,
      },
    });
    expect(asked).toEqual([`gtins 0${milk}`]);
  });
  it('carries the GS1 data and its count', async () => {
    const raw = buildGs1([
      { ai: '01', value: `0${milk}` },
      { ai: '10', value: 'L1' },
      { ai: '30', value: '3' },
    ]);
    const result = await lookupArticleCode(raw, store);
    expect(result.ok && result.lookup).toMatchObject({ matchedBy: 'gs1', quantity: 3, gs1: { batch: 'L1', count: 3 } });
  });
  it('reads a weight label by its PLU with the weight and the price from the kg price', async () => {
    const label = makeInStoreEan('weight', '01234', 1250);
    const result = await lookupArticleCode(label, store);
    expect(result.ok && result.lookup).toEqual({
      article: cheese,
      unit: 'kg',
      factor: 1,
      quantity: 1.25,
      weightGrams: 1250,
      priceCents: 1250,
      matchedBy: 'weight-ean',
      matchedCode: label,
    });
  });
  it('falls back to the article number, in base unit', async () => {
    const result = await lookupArticleCode(' 100001 ', store);
    expect(result.ok && result.lookup).toMatchObject({
      matchedBy: 'article-number',
      matchedCode: '100001',
      unit: 'Stück',
    });
  });
  it('tells a misread check digit, an unreadable code and an unknown one apart', async () => {
    const wrong = `${milk.slice(0, 12)}${(Number(milk[12]) + 1) % 10}`;
    expect(await lookupArticleCode(wrong, store)).toEqual({ ok: false, failure: 'checkDigit' });
    expect(await lookupArticleCode('(99)abc', store)).toEqual({ ok: false, failure: 'unreadable' });
    expect(await lookupArticleCode(withCheckDigit('400999999999'), store)).toEqual({ ok: false, failure: 'notFound' });
  });
});
