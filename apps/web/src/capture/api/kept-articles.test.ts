import 'fake-indexeddb/auto';
import type { CaptureModule } from '@mde/contracts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CaptureDatabase } from '../../offline/captures/capture-db';
import type { CaptureArticleRow } from '../../offline/captures/rows';
import { forgetKeptArticles, knownWithoutKeptCopy, noteKeptArticle, watchKeptArticles } from './kept-articles';

const db = new CaptureDatabase('kept-articles-test');
const V = 11;
const kept = (id: number, module: CaptureModule = 'inventory-count'): CaptureArticleRow => ({
  idartstamm: id,
  number: String(id),
  designation1: `Artikel ${id}`,
  designation2: '',
  baseUnit: 'Stück',
  units: [{ unit: 'Stück', factor: 1 }],
  defaultUnit: 'Stück',
  supplier: null,
  supplierIds: [],
  proposal: null,
  module,
  vkforgId: V,
  fetchedAt: '2026-11-28T08:00:00.000Z',
});

/** Until the set answers as expected (the live read runs after a write lands). */
async function settled(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return check();
}

afterEach(async () => {
  forgetKeptArticles();
  await db.articles.clear();
});
afterAll(() => db.delete());

describe('which articles have a kept server answer, known without a read per scan', () => {
  it('unknown until the first read has answered: the form then reads the kept copy as before', async () => {
    await db.articles.put(kept(1));
    expect(knownWithoutKeptCopy('inventory-count', V, 2)).toBe(false);
    watchKeptArticles('inventory-count', V, db);
    expect(knownWithoutKeptCopy('inventory-count', V, 2)).toBe(false);
    expect(await settled(() => knownWithoutKeptCopy('inventory-count', V, 2))).toBe(true);
    expect(knownWithoutKeptCopy('inventory-count', V, 1)).toBe(false);
  });

  it('per module and vkforg: a copy kept for another module does not count', async () => {
    await db.articles.put(kept(3, 'order-proposal'));
    watchKeptArticles('inventory-count', V, db);
    expect(await settled(() => knownWithoutKeptCopy('inventory-count', V, 3))).toBe(true);
    expect(knownWithoutKeptCopy('order-proposal', V, 3)).toBe(false);
    expect(knownWithoutKeptCopy('inventory-count', V + 1, 3)).toBe(false);
  });

  it("this tab's write counts at once, before it has landed", async () => {
    watchKeptArticles('inventory-count', V, db);
    expect(await settled(() => knownWithoutKeptCopy('inventory-count', V, 4))).toBe(true);
    noteKeptArticle('inventory-count', V, 4);
    expect(knownWithoutKeptCopy('inventory-count', V, 4)).toBe(false);
  });

  it('a write noted before the first read answered is not lost to that read', async () => {
    watchKeptArticles('inventory-count', V, db);
    noteKeptArticle('inventory-count', V, 5);
    await settled(() => knownWithoutKeptCopy('inventory-count', V, 6));
    expect(knownWithoutKeptCopy('inventory-count', V, 5)).toBe(false);
  });

  it("a copy written elsewhere (another tab's scan) joins the set when it lands", async () => {
    watchKeptArticles('inventory-count', V, db);
    expect(await settled(() => knownWithoutKeptCopy('inventory-count', V, 7))).toBe(true);
    await db.articles.put(kept(7));
    expect(await settled(() => !knownWithoutKeptCopy('inventory-count', V, 7))).toBe(true);
  });
});
