import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { DEMO, EXTERN, HUGE, useTestApp } from '../../test/test-app';

const { milk, appleJuice, gingerbread } = DEMO_ARTICLES;
const t = useTestApp();
const demo = t.login(DEMO);
const extern = t.login(EXTERN);

describe('favorite lists', () => {
  it('creates, renames, fills, empties and deletes a list of the user', async () => {
    const created = await demo({
      method: 'POST',
      url: '/api/v1/articles/favorite-lists',
      payload: { name: 'Kühlregal' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: 'Kühlregal', articleCount: 0 });

    const renamed = await demo({
      method: 'PATCH',
      url: `/api/v1/articles/favorite-lists/${id}`,
      payload: { name: 'Kühlregal Nord' },
    });
    expect(renamed.json().name).toBe('Kühlregal Nord');

    await demo({ method: 'PUT', url: `/api/v1/articles/favorite-lists/${id}/articles/${milk.idartstamm}` });
    const added = await demo({
      method: 'PUT',
      url: `/api/v1/articles/favorite-lists/${id}/articles/${appleJuice.idartstamm}`,
    });
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .articles.map((a: { idartstamm: number }) => a.idartstamm)
        .sort(),
    ).toEqual([milk.idartstamm, appleJuice.idartstamm]);
    // Adding twice changes nothing.
    await demo({ method: 'PUT', url: `/api/v1/articles/favorite-lists/${id}/articles/${milk.idartstamm}` });

    const marked = (
      await demo({ method: 'GET', url: `/api/v1/articles/favorite-lists?articleId=${milk.idartstamm}` })
    ).json();
    expect(marked).toEqual([expect.objectContaining({ id, articleCount: 2, containsArticle: true })]);

    const removed = await demo({
      method: 'DELETE',
      url: `/api/v1/articles/favorite-lists/${id}/articles/${milk.idartstamm}`,
    });
    expect(removed.json().articles).toHaveLength(1);
    expect((await demo({ method: 'GET', url: `/api/v1/articles/favorite-lists/${id}` })).json().articleCount).toBe(1);

    expect((await demo({ method: 'DELETE', url: `/api/v1/articles/favorite-lists/${id}` })).statusCode).toBe(200);
    expect((await demo({ method: 'GET', url: `/api/v1/articles/favorite-lists/${id}` })).statusCode).toBe(404);
  });

  it('refuses a duplicate name, other users’ lists, unknown articles and bad bodies', async () => {
    const { id } = (
      await demo({ method: 'POST', url: '/api/v1/articles/favorite-lists', payload: { name: 'Aktion' } })
    ).json();
    const duplicate = await demo({
      method: 'POST',
      url: '/api/v1/articles/favorite-lists',
      payload: { name: 'aktion' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Eine Favoritenliste mit diesem Namen gibt es bereits');

    expect((await extern({ method: 'GET', url: `/api/v1/articles/favorite-lists/${id}` })).statusCode).toBe(404);
    expect((await extern({ method: 'DELETE', url: `/api/v1/articles/favorite-lists/${id}` })).statusCode).toBe(404);
    expect((await extern({ method: 'GET', url: '/api/v1/articles/favorite-lists' })).json()).toEqual([]);

    const unknown = await demo({ method: 'PUT', url: `/api/v1/articles/favorite-lists/${id}/articles/999999` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Artikel nicht gefunden');

    for (const payload of [{}, { name: '' }, { name: 42 }, { name: HUGE }, { name: 'x', extra: 1 }]) {
      const res = await demo({ method: 'POST', url: '/api/v1/articles/favorite-lists', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    const malformed = await demo({
      method: 'POST',
      url: '/api/v1/articles/favorite-lists',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('search history', () => {
  it('keeps the newest 50 entries, moves repeats to the top and clears', async () => {
    for (let i = 1; i <= 55; i++) {
      await demo({ method: 'POST', url: '/api/v1/articles/search-history', payload: { term: `Suche ${i}` } });
    }
    await demo({ method: 'POST', url: '/api/v1/articles/search-history', payload: { idartstamm: milk.idartstamm } });
    const repeat = await demo({
      method: 'POST',
      url: '/api/v1/articles/search-history',
      payload: { term: 'Suche 10' },
    });
    const items = repeat.json().items;
    expect(items).toHaveLength(50);
    expect(items[0]).toMatchObject({ term: 'Suche 10', article: null });
    expect(items[1]).toMatchObject({ term: null, article: { idartstamm: milk.idartstamm, number: milk.number } });
    expect(items.filter((i: { term: string }) => i.term === 'Suche 10')).toHaveLength(1);
    expect(items.map((i: { term: string }) => i.term)).not.toContain('Suche 1');

    expect((await extern({ method: 'GET', url: '/api/v1/articles/search-history' })).json().items).toEqual([]);
    expect((await demo({ method: 'DELETE', url: '/api/v1/articles/search-history' })).statusCode).toBe(200);
    expect((await demo({ method: 'GET', url: '/api/v1/articles/search-history' })).json().items).toEqual([]);
  });

  it('refuses articles the user cannot see and bad bodies', async () => {
    const unlisted = await extern({
      method: 'POST',
      url: '/api/v1/articles/search-history',
      payload: { idartstamm: gingerbread.idartstamm },
    });
    expect(unlisted.statusCode).toBe(404);
    for (const payload of [{}, { term: '' }, { term: HUGE }, { idartstamm: 'x' }, { term: 'a', idartstamm: 1 }]) {
      expect((await demo({ method: 'POST', url: '/api/v1/articles/search-history', payload })).statusCode).toBe(400);
    }
  });
});

describe('offline article cache', () => {
  type Page = {
    items: { idartstamm: number; codes: { gtin14: string }[]; priceCents: number }[];
    nextCursor: string | null;
    snapshotAt: string;
    removedIds: number[];
  };
  const page = async (query: string): Promise<Page> => {
    const res = await demo({ method: 'GET', url: `/api/v1/articles/cache?${query}` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.json();
  };

  it('pages through every listed article of the vkforg once', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const result: Page = await page(`limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items.map((i) => i.idartstamm));
      cursor = result.nextCursor;
    } while (cursor);
    const listed = await t.db.selectFrom('article_listing').select('article_id').where('vkforg_id', '=', 11).execute();
    expect(seen).toEqual(listed.map((l) => l.article_id).sort((a, b) => a - b));
    const first = await page('limit=1');
    expect(first.items[0]).toMatchObject({ idartstamm: milk.idartstamm, priceCents: milk.priceCents });
    expect(first.items[0]?.codes.length).toBe(3);
  });

  it('delivers only changed articles and removed ones by changedSince', async () => {
    const { snapshotAt } = await page('limit=1');
    // Stamp everything as older than the overlap window, then change one price and delist another article.
    await sql`update article set updated_at = now() - interval '1 hour'`.execute(t.db);
    await sql`update article_price set price_cents = price_cents + 10 where article_id = ${appleJuice.idartstamm} and vkforg_id = 11`.execute(
      t.db,
    );
    await sql`delete from article_listing where article_id = ${gingerbread.idartstamm} and vkforg_id = 11`.execute(
      t.db,
    );
    const delta = await page(`changedSince=${encodeURIComponent(snapshotAt)}`);
    expect(delta.items.map((i) => i.idartstamm)).toEqual([appleJuice.idartstamm]);
    expect(delta.removedIds).toEqual([gingerbread.idartstamm]);
  });

  it('refuses bad cursors and dates', async () => {
    for (const query of ['cursor=abc', 'limit=0', 'limit=99999', 'changedSince=gestern', 'foo=1']) {
      expect((await demo({ method: 'GET', url: `/api/v1/articles/cache?${query}` })).statusCode, query).toBe(400);
    }
  });
});
