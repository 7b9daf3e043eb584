import 'fake-indexeddb/auto';
import { ARTICLE_ERROR_CODES, buildGs1, withCheckDigit } from '@mde/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { article, ean8, ean13, gtin14, makeInStoreEan, upcA, upcE } from '../../test/test-articles';
import { MdeDatabase } from '../db';
import { lookupCachedCode } from './lookup';
import { toCacheRow } from './rows';

const db = new MdeDatabase('lookup-test');
const V = 11;
const SNAP = '2026-11-21T08:00:00.000Z';

// One article per code form, as the server's cache endpoint sends them (every code as GTIN-14).
const milk = ean13('400123400001');
const milkCase = withCheckDigit(`1${milk.slice(0, 12)}`);
const gum = ean8('4012345');
const cola = upcA('04963406001');
const colaE = upcE(upcA('01200000345'));
const colaEUpcA = upcA('01200000345');

beforeAll(async () => {
  const rows = [
    article(1, {
      designation1: 'Vollmilch',
      codes: [
        { gtin14: gtin14(milk), code: milk, unit: 'Stück', factor: 1 },
        { gtin14: gtin14(milkCase), code: milkCase, unit: 'Karton', factor: 12 },
      ],
    }),
    article(2, { codes: [{ gtin14: gtin14(gum), code: gum, unit: 'Stück', factor: 1 }] }),
    article(3, { codes: [{ gtin14: gtin14(cola), code: cola, unit: 'Stück', factor: 1 }] }),
    article(4, { codes: [{ gtin14: gtin14(colaEUpcA), code: colaE, unit: 'Stück', factor: 1 }] }),
    article(5, { baseUnit: 'kg', scalePlu: '01234', priceCents: 1299, codes: [], number: 'K-5' }),
    // Two numbers that differ only in case share the cache's number key.
    article(6, { codes: [], number: 'ab-7' }),
    article(7, { codes: [], number: 'AB-7' }),
  ];
  await db.articleCache.bulkPut(rows.map((r) => toCacheRow(r, V, SNAP)));
  // Another vkforg holds the same codes with another price: it must never answer.
  await db.articleCache.bulkPut(rows.map((r) => toCacheRow({ ...r, priceCents: 1 }, 12, SNAP)));
});
afterAll(() => db.delete());

const hit = async (code: string) => {
  const answer = await lookupCachedCode(db, V, code);
  if (!answer.ok) throw new Error(`${code}: ${answer.message}`);
  return answer;
};

describe('offline lookup by code form', () => {
  it('EAN-13 gives the article in its base unit', async () => {
    const { lookup, snapshotAt } = await hit(milk);
    expect(lookup).toMatchObject({
      unit: 'Stück',
      factor: 1,
      quantity: 1,
      matchedBy: 'gtin',
      matchedCode: gtin14(milk),
    });
    expect(lookup.article).toMatchObject({ idartstamm: 1, mainEan: milk, priceCents: 199 });
    expect(snapshotAt).toBe(SNAP);
  });

  it('a GTIN-14 case code gives the pack unit with its factor', async () => {
    const { lookup } = await hit(milkCase);
    expect(lookup).toMatchObject({ unit: 'Karton', factor: 12, article: { idartstamm: 1 } });
  });

  it('EAN-8', async () => {
    expect((await hit(gum)).lookup.article.idartstamm).toBe(2);
  });

  it('UPC-A as 12 digits and as the 13-digit form a scanner reports', async () => {
    expect((await hit(cola)).lookup.article.idartstamm).toBe(3);
    expect((await hit(`0${cola}`)).lookup.article.idartstamm).toBe(3);
  });

  it('UPC-E (8 digits) expands to the stored UPC-A', async () => {
    expect((await hit(colaE)).lookup.article.idartstamm).toBe(4);
    expect((await hit(colaEUpcA)).lookup.article.idartstamm).toBe(4);
  });

  it('German weight EAN: article by PLU, kg and the price derived from the kg price', async () => {
    const { lookup } = await hit(makeInStoreEan('weight', '01234', 1500));
    expect(lookup).toMatchObject({ matchedBy: 'weight-ean', quantity: 1.5, weightGrams: 1500, priceCents: 1949 });
    expect(lookup.article.idartstamm).toBe(5);
  });

  it('German price EAN carries the price', async () => {
    const { lookup } = await hit(makeInStoreEan('price', '01234', 349));
    expect(lookup).toMatchObject({ matchedBy: 'price-ean', priceCents: 349, article: { idartstamm: 5 } });
  });

  it('GS1 element strings: AI 01 with batch, expiry and count; AI 02 with AI 37', async () => {
    const raw = buildGs1([
      { ai: '01', value: gtin14(milkCase) },
      { ai: '10', value: 'L42' },
      { ai: '17', value: '271231' },
      { ai: '30', value: '3' },
    ]);
    const { lookup } = await hit(`]C1${raw}`);
    expect(lookup).toMatchObject({ matchedBy: 'gs1', unit: 'Karton', factor: 12, quantity: 3 });
    expect(lookup.gs1).toMatchObject({ batch: 'L42', expiry: '2027-12-31' });
    const sscc = withCheckDigit('03401234560000000');
    const pallet = await hit(`(00)${sscc}(02)${gtin14(milk)}(37)48`);
    expect(pallet.lookup).toMatchObject({ quantity: 48, unit: 'Stück', article: { idartstamm: 1 } });
  });

  it('the article number itself', async () => {
    expect((await hit('100002')).lookup).toMatchObject({ matchedBy: 'article-number', article: { idartstamm: 2 } });
    expect((await hit('k-5')).lookup.article.idartstamm).toBe(5);
  });

  it('of two numbers that differ only in case, the one written as typed', async () => {
    expect((await hit('ab-7')).lookup).toMatchObject({ matchedCode: 'ab-7', article: { idartstamm: 6 } });
    expect((await hit('AB-7')).lookup).toMatchObject({ matchedCode: 'AB-7', article: { idartstamm: 7 } });
  });

  it('a wrong check digit is a misread, never another article', async () => {
    const bad = `${milk.slice(0, 12)}${(Number(milk.at(-1)) + 1) % 10}`;
    expect(await lookupCachedCode(db, V, bad)).toMatchObject({ ok: false, code: ARTICLE_ERROR_CODES.checkDigit });
    const badGs1 = `(01)${gtin14(milk).slice(0, 13)}${(Number(milk.at(-1)) + 1) % 10}`;
    expect(await lookupCachedCode(db, V, badGs1)).toMatchObject({ ok: false, code: ARTICLE_ERROR_CODES.checkDigit });
  });

  it('an unknown code says so', async () => {
    expect(await lookupCachedCode(db, V, ean13('400999999999'))).toMatchObject({
      ok: false,
      code: ARTICLE_ERROR_CODES.notFound,
      message: 'Artikel nicht gefunden',
    });
    expect(await lookupCachedCode(db, V, '(99)abc')).toMatchObject({ ok: false, code: ARTICLE_ERROR_CODES.unreadable });
  });

  it('answers only from the asked vkforg', async () => {
    expect((await hit(milk)).lookup.article.priceCents).toBe(199);
    expect((await lookupCachedCode(db, 99, milk)).ok).toBe(false);
  });
});

describe('one wait for a scan', () => {
  it("reads the snapshot time beside the code's row, not after it, and answers with the row", async () => {
    const synced = '2026-11-22T08:00:00.000Z';
    await db.articleCacheMeta.put({
      vkforgId: V,
      firmaId: 1,
      complete: true,
      cursor: null,
      snapshotAt: synced,
      count: 7,
      syncedAt: synced,
    });
    // The row read is held until the test lets it go: the snapshot read must have started meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const where = db.articleCache.where.bind(db.articleCache);
    const rowRead = vi.spyOn(db.articleCache, 'where').mockImplementation(((index: string) => ({
      equals: (key: string) => ({
        toArray: async () => {
          await held;
          return where(index).equals(key).toArray();
        },
      }),
    })) as never);
    const metaRead = vi.spyOn(db.articleCacheMeta, 'get');
    try {
      const answer = lookupCachedCode(db, V, milk);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(metaRead).toHaveBeenCalledWith(V);
      release();
      expect(await answer).toMatchObject({ ok: true, snapshotAt: synced, row: { idartstamm: 1, vkforgId: V } });
    } finally {
      rowRead.mockRestore();
      metaRead.mockRestore();
      await db.articleCacheMeta.delete(V);
    }
  });
});
