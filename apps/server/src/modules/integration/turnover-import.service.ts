import { type ImportResult, INTEGRATION_MSG, importTurnoverRowSchema, TURNOVER_MONTHS } from '@mde/contracts';
import type { Db } from '../../db/database';
import * as orgRepo from '../org/org.service';
import type { BodyRow } from './import-body';
import { Rejections, validateRows } from './import-rows';
import { classify, type KeyedRow } from './keyed-upsert';
import { articleIdsOf } from './stock-import.repository';
import * as repo from './turnover-import.repository';

const BATCH = 5000;
/** The calendar the store's months are counted in. */
const TIME_ZONE = 'Europe/Berlin';

/** A month 'YYYY-MM' as a count of months, so months compare and add as numbers. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The running month in the store's calendar: a later one has no turnover yet. */
export function currentMonth(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
}

interface MonthValues {
  amount_cents: number;
  quantity: number;
}

/** A checked row: its month of an article and store (`pair`), and the newest month the request has for them. */
type Keyed = KeyedRow<MonthValues> & { pair: string; month: number; newest: number; firmaId: number };

/**
 * Turnover per article, store and calendar month, upserted by firma + article number + store + month into the
 * table's one row per article and store. A month equal to the stored one writes nothing. The newest 24 months
 * are kept: the newest month of the request or the table (whichever is later) ends the window, older stored
 * months drop out, and a row older than the window is refused. Months between reported ones count as 0 (an ERP
 * reports no month without sales). A month after the running one is refused: one typo would push the window on
 * and drop two years of figures.
 */
export async function importTurnover(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const now = monthIndex(currentMonth());
  const valid = validateRows(importTurnoverRowSchema, rows, rejections).filter(({ index, row }) => {
    if (monthIndex(row.month) <= now) return true;
    rejections.add(index, 'month', INTEGRATION_MSG.monthInFuture);
    return false;
  });
  // The window's end per article and store, from every row of the request: the outcome does not depend on
  // the order of the rows or on which batch one falls in.
  const newestInRequest = new Map<string, number>();
  for (const { row } of valid) {
    const key = `${row.firma}|${row.article}|${row.vkforg}`;
    newestInRequest.set(key, Math.max(newestInRequest.get(key) ?? 0, monthIndex(row.month)));
  }
  const firmaIds = [...(await orgRepo.firmasIn(db, [...new Set(valid.map((v) => v.row.firma))]))];
  const stores = new Map((await orgRepo.storesOf(db, firmaIds)).map((s) => [`${s.firma_id}|${s.vkforg}`, s.id]));
  const totals = { inserted: 0, updated: 0, unchanged: 0 };
  const seen = new Set<string>();
  for (let start = 0; start < valid.length; start += BATCH) {
    const batch = valid.slice(start, start + BATCH);
    const articleIds = new Map<string, number>();
    for (const firmaId of firmaIds) {
      const numbers = batch.filter((v) => v.row.firma === firmaId).map((v) => v.row.article);
      for (const a of await articleIdsOf(db, firmaId, numbers)) articleIds.set(`${firmaId}|${a.number}`, a.id);
    }
    const keyed: Keyed[] = [];
    for (const { index, row } of batch) {
      if (!firmaIds.includes(row.firma)) {
        rejections.add(index, 'firma', INTEGRATION_MSG.firmaUnknown);
        continue;
      }
      const articleId = articleIds.get(`${row.firma}|${row.article}`);
      const vkforgId = stores.get(`${row.firma}|${row.vkforg}`);
      if (articleId === undefined) rejections.add(index, 'article', INTEGRATION_MSG.articleUnknown);
      else if (vkforgId === undefined) rejections.add(index, 'vkforg', INTEGRATION_MSG.vkforgUnknown);
      else {
        const pair = `${articleId}|${vkforgId}`;
        const key = `${pair}|${row.month}`;
        if (seen.has(key)) {
          rejections.add(index, '_', INTEGRATION_MSG.keyTwice);
          continue;
        }
        seen.add(key);
        const newest = newestInRequest.get(`${row.firma}|${row.article}|${row.vkforg}`) ?? 0;
        // At most three decimals and whole cents (the row schema refuses more): compared as sent, never rounded.
        const values = { amount_cents: row.amountCents, quantity: row.quantity };
        keyed.push({ index, key, values, pair, month: monthIndex(row.month), newest, firmaId: row.firma });
      }
    }
    const storedByPair = new Map<string, Map<number, MonthValues>>();
    for (const s of await repo.storedMonths(db, [...new Set(keyed.map((k) => Number(k.pair.split('|')[0])))])) {
      const pair = `${s.article_id}|${s.vkforg_id}`;
      const months = storedByPair.get(pair) ?? new Map<number, MonthValues>();
      months.set(monthIndex(s.month), { amount_cents: s.amount_cents, quantity: s.quantity });
      storedByPair.set(pair, months);
    }
    const windowStart = (k: Keyed) => {
      const stored = [...(storedByPair.get(k.pair)?.keys() ?? [])];
      return Math.max(k.newest, ...stored) - (TURNOVER_MONTHS - 1);
    };
    const inWindow = keyed.filter((k) => {
      if (k.month >= windowStart(k)) return true;
      rejections.add(k.index, 'month', INTEGRATION_MSG.monthBeforeWindow);
      return false;
    });
    const stored = new Map<string, { id: number; values: MonthValues }>();
    for (const [pair, months] of storedByPair) {
      for (const [month, values] of months) stored.set(`${pair}|${monthOf(month)}`, { id: 0, values });
    }
    const c = classify(inWindow, stored, rejections);
    const changed = [...c.inserts, ...c.updates.map((u) => u.row)] as Keyed[];
    await repo.upsertTurnover(db, rowsOf(changed, storedByPair, windowStart));
    totals.inserted += c.inserts.length;
    totals.updated += c.updates.length;
    totals.unchanged += c.unchanged;
  }
  const list = rejections.sorted();
  return { ...totals, rejected: list.length, rejections: list };
}

/** The whole row of each article and store with a changed month: the stored months in the window, then the new. */
function rowsOf(
  changed: Keyed[],
  storedByPair: Map<string, Map<number, MonthValues>>,
  windowStart: (k: Keyed) => number,
): repo.TurnoverRow[] {
  const byPair = new Map<string, Keyed[]>();
  for (const k of changed) byPair.set(k.pair, [...(byPair.get(k.pair) ?? []), k]);
  return [...byPair].map(([pair, rows]) => {
    const first = rows[0] as Keyed;
    const start = windowStart(first);
    const months = new Map([...(storedByPair.get(pair) ?? [])].filter(([month]) => month >= start));
    for (const k of rows) months.set(k.month, k.values);
    const indexes = [...months.keys()];
    const from = Math.min(...indexes);
    const to = Math.max(...indexes);
    const values = Array.from({ length: to - from + 1 }, (_, i) => months.get(from + i));
    const [articleId, vkforgId] = pair.split('|').map(Number) as [number, number];
    return {
      firma_id: first.firmaId,
      vkforg_id: vkforgId,
      article_id: articleId,
      first_month: `${monthOf(from)}-01`,
      amount_cents: values.map((v) => v?.amount_cents ?? 0),
      quantity: values.map((v) => v?.quantity ?? 0),
    };
  });
}
