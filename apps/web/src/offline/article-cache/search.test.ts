import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article } from '../../test/test-articles';
import { MdeDatabase } from '../db';
import { toCacheRow } from './rows';
import { getCachedArticle, searchCachedArticles } from './search';

const db = new MdeDatabase('search-test');

beforeAll(async () => {
  const rows = [
    article(1, { designation1: 'Vollmilch 3,5 %', designation2: 'Weidemilch', number: '2001' }),
    article(2, { designation1: 'Milchbrötchen', number: '2002' }),
    article(3, { designation1: 'Haltbare Milch 1,5 %', number: '20010' }),
    article(4, { designation1: 'Apfelsaft naturtrüb', number: '3001' }),
  ];
  await db.articleCache.bulkPut(rows.map((r) => toCacheRow(r, 11, '2026-11-21T08:00:00.000Z')));
  await db.articleCache.bulkPut([
    toCacheRow(article(9, { designation1: 'Milch fremd' }), 12, '2026-11-21T08:00:00.000Z'),
  ]);
});
afterAll(() => db.delete());

const ids = async (q: string) => (await searchCachedArticles(db, 11, q)).items.map((i) => i.idartstamm);

describe('offline search', () => {
  it('finds designation word prefixes of the vkforg only, designation prefix first', async () => {
    expect(await ids('milch')).toEqual([2, 3]);
    expect(await ids('MILCH')).toEqual([2, 3]);
    expect(await ids('weide')).toEqual([1]);
  });

  it('needs every word to match', async () => {
    expect(await ids('haltbare milch')).toEqual([3]);
    expect(await ids('apfel milch')).toEqual([]);
  });

  it('ranks the exact article number before number prefixes', async () => {
    expect(await ids('2001')).toEqual([1, 3]);
  });

  it('puts an exact EAN hit first', async () => {
    const ean = article(4).codes[0]?.code ?? '';
    expect(await ids(ean)).toEqual([4]);
  });

  it('returns the snapshot time of the answer', async () => {
    expect((await searchCachedArticles(db, 11, 'apfel')).snapshotAt).toBe('2026-11-21T08:00:00.000Z');
    expect((await searchCachedArticles(db, 11, 'nichts')).snapshotAt).toBeNull();
  });

  it('reads one article only within its vkforg', async () => {
    expect((await getCachedArticle(db, 11, 4))?.row.designation1).toBe('Apfelsaft naturtrüb');
    expect(await getCachedArticle(db, 12, 4)).toBeNull();
  });
});
