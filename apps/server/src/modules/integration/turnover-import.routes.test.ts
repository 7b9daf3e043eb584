import { INTEGRATION_MSG, MSG, QUANTITY_MSG, SAFE_INPUT_MSG, VALUE_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { DEMO, useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';
import { currentMonth } from './turnover-import.service';

// PUT /api/integration/v1/turnover: an article's turnover per store and calendar month, upserted by firma +
// article number + store + month into the table's one row of 24 months per article and store.

let key: string;
const t = useTestApp({
  prepare: async (t) => {
    key = (await createTestKey(t.db, 'ERP', ['import:articles', 'import:stock'])).key;
  },
});
const demo = t.login(DEMO);

const put = (body: unknown, headers: Record<string, string> = {}, kind = 'turnover') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/${kind}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The month `n` months after `month` ('YYYY-MM'; n may be negative). */
function shift(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
/** The month `back` months before the running one (the tests hold in any month they run in). */
const monthsAgo = (back: number) => shift(currentMonth(), -back);

/** An article of firma 1 listed in store 1100 (the demo user's), without any turnover yet. */
async function freshArticle(number: string): Promise<number> {
  const res = await put(
    [
      {
        firma: 1,
        number,
        designation1: `Umsatzartikel ${number}`,
        department: 'Getränke',
        baseUnit: 'ST',
        units: [{ unit: 'ST', factor: 1 }],
        listings: [{ vkforg: '1100', listedSince: '2024-01-01' }],
      },
    ],
    {},
    'articles',
  );
  expect(res.json()).toMatchObject({ inserted: 1, rejected: 0 });
  const row = await t.db
    .selectFrom('article')
    .select('id')
    .where('firma_id', '=', 1)
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The stored row's version: it changes with every write of the row, and only then. */
const rowVersion = async (articleId: number) =>
  (
    await sql<{
      v: string;
    }>`select xmin::text as v from article_turnover where article_id = ${articleId} and vkforg_id = 11`.execute(t.db)
  ).rows[0]?.v;

const turnoverSection = async (articleId: number) => {
  const res = await demo({ method: 'GET', url: `/api/v1/articles/${articleId}` });
  expect(res.statusCode).toBe(200);
  return res.json().turnover as {
    month: string;
    amountCents: number;
    quantity: number;
    previousYearAmountCents: number | null;
    previousYearQuantity: number | null;
  }[];
};

describe('PUT /api/integration/v1/turnover', () => {
  it('imports months, writes nothing for an equal resend, updates a changed month, and the Artikel-Info shows them against the year before', async () => {
    const id = await freshArticle('UMS-1');
    const row = (back: number, quantity: number, amountCents: number) => ({
      firma: 1,
      article: 'UMS-1',
      vkforg: '1100',
      month: monthsAgo(back),
      quantity,
      amountCents,
    });
    const rows = [row(1, 412, 36668), row(2, 87.125, 11255), row(13, 380, 31920)];
    const first = await put(rows);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ inserted: 3, updated: 0, unchanged: 0, rejected: 0, rejections: [] });

    const months = await turnoverSection(id);
    // Thirteen months stored (the gap between reported months counts as 0): the newest 12 are shown.
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({
      month: monthsAgo(1),
      amountCents: 36668,
      quantity: 412,
      previousYearAmountCents: 31920,
      previousYearQuantity: 380,
    });
    expect(months[1]).toMatchObject({ month: monthsAgo(2), amountCents: 11255, quantity: 87.125 });
    expect(months[2]).toMatchObject({ month: monthsAgo(3), amountCents: 0, quantity: 0 });

    const version = await rowVersion(id);
    const again = await put(rows);
    expect(again.json()).toEqual({ inserted: 0, updated: 0, unchanged: 3, rejected: 0, rejections: [] });
    expect(await rowVersion(id)).toBe(version);

    const changed = await put([row(1, 413, 36757), row(2, 87.125, 11255)]);
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, rejected: 0 });
    expect((await turnoverSection(id))[0]).toMatchObject({ amountCents: 36757, quantity: 413 });
  });

  it('takes negative figures (returns, deposit bottles taken back) as they are', async () => {
    const id = await freshArticle('UMS-PFAND');
    const res = await put([
      { firma: 1, article: 'UMS-PFAND', vkforg: '1100', month: monthsAgo(0), quantity: -24, amountCents: -600 },
    ]);
    expect(res.json()).toMatchObject({ inserted: 1, rejected: 0 });
    expect((await turnoverSection(id))[0]).toMatchObject({ month: monthsAgo(0), amountCents: -600, quantity: -24 });
  });

  it('keeps the newest 24 months: a new month moves the window on, a month before it is refused', async () => {
    const { milk } = DEMO_ARTICLES;
    // The seed holds the 24 full months before the day it ran (in UTC, so taken from the data, not the clock).
    const before = await turnoverSection(milk.idartstamm);
    const seededNewest = before[0]?.month ?? '';
    expect(shift(seededNewest, 1) <= currentMonth()).toBe(true);
    const next = shift(seededNewest, 1);
    const base = { firma: 1, article: milk.number, vkforg: '1100' };
    const res = await put([
      { ...base, month: shift(next, -24), quantity: 1, amountCents: 1 },
      { ...base, month: next, quantity: 120, amountCents: 11880 },
    ]);
    expect(res.json()).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
      rejected: 1,
      rejections: [{ index: 0, field: 'month', message: INTEGRATION_MSG.monthBeforeWindow }],
    });
    const stored = await t.db
      .selectFrom('article_turnover')
      .select(['first_month', 'amount_cents'])
      .where('article_id', '=', milk.idartstamm)
      .where('vkforg_id', '=', 11)
      .executeTakeFirstOrThrow();
    expect(stored.first_month).toBe(`${shift(next, -23)}-01`);
    const after = await turnoverSection(milk.idartstamm);
    expect(after[0]).toMatchObject({ month: next, amountCents: 11880, quantity: 120 });
    // The month a year before the new one is still there to compare with.
    expect(after[0]?.previousYearAmountCents).toBe(before[11]?.amountCents);
    expect(after[1]).toEqual(before[0]);
  });

  it('refuses bad rows one by one with field and German reason, never a 500, and applies the good ones', async () => {
    await freshArticle('UMS-2');
    const ok = { firma: 1, article: 'UMS-2', vkforg: '1100', month: monthsAgo(1), quantity: 5, amountCents: 500 };
    const cases: [unknown, string, string][] = [
      [{ ...ok, article: 'GIBT-ES-NICHT' }, 'article', INTEGRATION_MSG.articleUnknown],
      [{ ...ok, vkforg: '9999' }, 'vkforg', INTEGRATION_MSG.vkforgUnknown],
      [{ ...ok, firma: 77 }, 'firma', INTEGRATION_MSG.keyNotForFirma],
      [{ ...ok, month: '2026-13' }, 'month', INTEGRATION_MSG.monthFormat],
      [{ ...ok, month: '2026-3' }, 'month', INTEGRATION_MSG.monthFormat],
      [{ ...ok, month: '2026-03-01' }, 'month', INTEGRATION_MSG.monthFormat],
      [{ ...ok, month: '0000-05' }, 'month', SAFE_INPUT_MSG.yearOutOfRange],
      [{ ...ok, month: '9999-12' }, 'month', INTEGRATION_MSG.monthInFuture],
      [{ ...ok, amountCents: 199.5 }, 'amountCents', INTEGRATION_MSG.wholeNumber],
      [{ ...ok, amountCents: 100_000_000_000 }, 'amountCents', 'Höchstens 99.999.999.999'],
      [{ ...ok, amountCents: '5,00' }, 'amountCents', VALUE_MSG.expected('eine Zahl')],
      [{ ...ok, quantity: 1.0005 }, 'quantity', QUANTITY_MSG.decimals],
      [{ ...ok, quantity: 1_000_000_000 }, 'quantity', 'Höchstens 999.999.999'],
      [{ ...ok, article: 'UMS\u00002' }, 'article', 'Der Text enthält unzulässige Zeichen'],
      [{ ...ok, vkforg: '11\ud80000' }, 'vkforg', 'Der Text enthält unzulässige Zeichen'],
      [{ ...ok, amountCents: undefined }, 'amountCents', 'Pflichtfeld'],
      [{ ...ok, week: 3 }, 'week', MSG.unknownField],
      [ok, '_', INTEGRATION_MSG.keyTwice],
    ];
    const res = await put([ok, ...cases.map(([row]) => row)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
      rejected: cases.length,
      rejections: cases.map(([, field, message], i) => ({ index: i + 1, field, message })),
    });
  });
});
