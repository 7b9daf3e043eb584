import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { useTestApp } from '../../test/test-app';
import { findSummaryById } from './article-summary.repository';

const { milk, gingerbread } = DEMO_ARTICLES;
const store = { firmaId: 1, vkforgId: 11 };
const t = useTestApp();

/** Rows where the read model and its definition (view article_summary_source) disagree, both ways. */
async function drift() {
  const { rows } = await sql<{ side: string; article_id: number; vkforg_id: number }>`
    (select 'stale' as side, article_id, vkforg_id from
      (select * from article_summary except select * from article_summary_source) x)
    union all
    (select 'missing', article_id, vkforg_id from
      (select * from article_summary_source except select * from article_summary) y)`.execute(t.db);
  return rows;
}

describe('article summary read model', () => {
  it('is filled by the seed for every listed article and nothing else', async () => {
    expect(await drift()).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from article_summary`.execute(t.db);
    const listed = await sql<{ n: number }>`select count(*)::int as n from article_listing`.execute(t.db);
    expect(rows[0]?.n).toBe(listed.rows[0]?.n);
    expect(rows[0]?.n).toBeGreaterThan(300);
  });

  it('follows changes to stock, prices, codes, listing and the article itself', async () => {
    const before = await findSummaryById(t.db, store, milk.idartstamm);
    expect(before?.price_cents).toBe(milk.priceCents);

    await sql`update article_stock set quantity = quantity + 7 where article_id = ${milk.idartstamm}
      and warehouse_id = 1101`.execute(t.db);
    expect(Number((await findSummaryById(t.db, store, milk.idartstamm))?.stock_total)).toBe(
      Number(before?.stock_total) + 7,
    );

    await sql`update article_price set price_cents = 4242 where article_id = ${milk.idartstamm}
      and vkforg_id = 11 and scale = 1`.execute(t.db);
    expect((await findSummaryById(t.db, store, milk.idartstamm))?.price_cents).toBe(4242);

    // A base-unit EAN-13 that sorts before the milk's own becomes its main code.
    await sql`insert into article_code (firma_id, gtin14, article_id, code_type, unit, factor)
      values (1, '04000000000006', ${milk.idartstamm}, 'ean13', 'Stück', 1)`.execute(t.db);
    expect((await findSummaryById(t.db, store, milk.idartstamm))?.main_code).toBe('ean13:04000000000006');

    // The code moves to another article: both rows change.
    await sql`update article_code set article_id = ${gingerbread.idartstamm}, unit = 'Stück'
      where firma_id = 1 and gtin14 = '04000000000006'`.execute(t.db);
    expect((await findSummaryById(t.db, store, milk.idartstamm))?.main_code).not.toBe('ean13:04000000000006');
    expect((await findSummaryById(t.db, store, gingerbread.idartstamm))?.main_code).toBe('ean13:04000000000006');

    await sql`update article set designation1 = 'Bergbauern-Milch 3,5 %' where id = ${milk.idartstamm}`.execute(t.db);
    expect((await findSummaryById(t.db, store, milk.idartstamm))?.designation1).toBe('Bergbauern-Milch 3,5 %');

    await sql`delete from article_stock where article_id = ${milk.idartstamm} and vkforg_id = 11`.execute(t.db);
    expect((await findSummaryById(t.db, store, milk.idartstamm))?.stock_total).toBeNull();

    await sql`delete from article_listing where article_id = ${milk.idartstamm} and vkforg_id = 11`.execute(t.db);
    expect(await findSummaryById(t.db, store, milk.idartstamm)).toBeUndefined();
    await sql`insert into article_listing (firma_id, vkforg_id, article_id, listed_since)
      values (1, 11, ${milk.idartstamm}, '2026-11-25')`.execute(t.db);
    expect((await findSummaryById(t.db, store, milk.idartstamm))?.price_cents).toBe(4242);

    expect(await drift()).toEqual([]);
  });

  it('keeps both of two concurrent changes to one article (PostgreSQL)', async (ctx) => {
    // PGlite runs one transaction at a time, so only a database server can interleave them.
    if (!t.databaseUrl) return ctx.skip();
    const first = new pg.Client({ connectionString: t.databaseUrl });
    const second = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([first.connect(), second.connect()]);
    try {
      const id = gingerbread.idartstamm;
      await first.query('begin');
      await first.query('update article_stock set quantity = quantity + 100 where article_id = $1', [id]);
      await second.query('begin');
      const pid = (await second.query('select pg_backend_pid() as pid')).rows[0].pid;
      const priceChange = second.query('update article_price set price_cents = 999 where article_id = $1', [id]);
      // The second recomputes only after the first's commit; until then it waits for the article's lock.
      await expect
        .poll(async () => {
          const { rows } = await first.query('select wait_event_type from pg_stat_activity where pid = $1', [pid]);
          return rows[0]?.wait_event_type;
        })
        .toBe('Lock');
      await first.query('commit');
      await priceChange;
      await second.query('commit');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await drift()).toEqual([]);
    const after = await findSummaryById(t.db, store, gingerbread.idartstamm);
    expect(after?.price_cents).toBe(999);
  });
});
