import { displayGtin, hasValidCheckDigit, normaliseGtin } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES, draftArticle, generateArticleBatches } from './article-generator';
import type { ArticleBatch, FirmaLayout } from './article-relations';

const layout: FirmaLayout = {
  firmaId: 1,
  seed: 4712,
  count: 3000,
  idStart: 1,
  numberStart: 100_001,
  today: '2026-11-21',
  vkforgs: [
    { id: 11, warehouseIds: [1101, 1102, 1103], locationIds: new Map([[1101, [1, 2, 3]]]) },
    { id: 12, warehouseIds: [1201, 1202], locationIds: new Map([[1201, [4, 5]]]) },
  ],
  supplierIds: Array.from({ length: 20 }, (_, i) => 1001 + i),
};
const batches = [...generateArticleBatches(layout, 500)];
const all = <K extends keyof ArticleBatch>(key: K) => batches.flatMap((b) => b[key] as ArticleBatch[K][number][]);

describe('article generator', () => {
  it('is deterministic for a seed and differs for another', () => {
    expect(draftArticle(layout, 1234)).toEqual(draftArticle(layout, 1234));
    const names = (seed: number) =>
      Array.from({ length: 50 }, (_, i) => draftArticle({ ...layout, seed }, 100 + i).designation1);
    expect(names(1)).not.toEqual(names(layout.seed));
    const again = [...generateArticleBatches(layout, 1000)];
    expect(again.flatMap((b) => b.article_code)).toEqual(all('article_code'));
  });

  it('starts with the fixed demo articles', () => {
    const articles = all('article');
    expect(articles[0]).toMatchObject({
      id: 1,
      number: DEMO_ARTICLES.milk.number,
      designation1: DEMO_ARTICLES.milk.designation1,
    });
    const milkCodes = all('article_code').filter((c) => c.article_id === 1);
    expect(milkCodes.find((c) => c.unit === 'Karton')).toMatchObject({
      gtin14: DEMO_ARTICLES.milk.caseCode,
      factor: 12,
    });
    expect(articles.find((a) => a.id === DEMO_ARTICLES.gouda.idartstamm)).toMatchObject({
      base_unit: 'kg',
      scale_plu: '00001',
    });
  });

  it('gives every code a valid check digit and no two articles the same code', () => {
    const codes = all('article_code');
    expect(new Set(codes.map((c) => c.gtin14)).size).toBe(codes.length);
    for (const code of codes) {
      expect(hasValidCheckDigit(code.gtin14), code.gtin14).toBe(true);
      const printed = displayGtin(code.gtin14, code.code_type);
      const normalised = normaliseGtin(printed);
      expect(normalised.kind === 'gtin' && normalised.candidates.map((c) => c.gtin14)).toContain(code.gtin14);
    }
    const types = new Set(codes.map((c) => c.code_type));
    for (const type of ['ean13', 'ean8', 'upc_a', 'upc_e', 'gtin14']) expect(types).toContain(type);
  });

  it('lists articles in every vkforg with prices, stock, suppliers and 24 months of turnover', () => {
    const listings = all('article_listing');
    for (const vkforg of [11, 12]) expect(listings.filter((l) => l.vkforg_id === vkforg).length).toBeGreaterThan(2000);
    const prices = all('article_price');
    expect(prices.filter((p) => p.scale === 1)).toHaveLength(listings.length);
    expect(prices.some((p) => p.scale === 3)).toBe(true);
    const stockWarehouses = new Set(all('article_stock').map((s) => s.warehouse_id));
    expect([...stockWarehouses].sort()).toEqual([1101, 1102, 1103, 1201, 1202]);
    const suppliers = all('article_supplier');
    expect(new Set(suppliers.map((s) => s.article_id)).size).toBe(3000);
    expect(all('article_turnover').every((t) => t.amount_cents.length === 24 && t.first_month === '2024-11-01')).toBe(
      true,
    );
    expect(all('article_open_order').length).toBeGreaterThan(100);
  });

  it('writes believable German designations across departments', () => {
    const articles = all('article');
    expect(new Set(articles.map((a) => a.department)).size).toBeGreaterThanOrEqual(10);
    for (const a of articles.slice(0, 200)) expect(a.designation1).toMatch(/^[\p{L}0-9 ,.%'’!-]+(\s|$)/u);
    expect(articles.some((a) => /Vollmilch/.test(a.designation1))).toBe(true);
  });
});
