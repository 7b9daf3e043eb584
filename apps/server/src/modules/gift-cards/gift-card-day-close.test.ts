import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSecondInstance, useTestApp } from '../../test/test-app';
import { eventsOfType } from '../../test/test-events';
import { closeGiftCardDays, DayCloseJob, lastClosedDay } from './gift-card-day-close';

// The gift-card day close: after the close time (Europe/Berlin) every vkforg with movements that day gets one
// "Tagesabschluss Gutscheinkarten" notification per user allowed to work with its gift cards, once.

describe('the last closed store day', () => {
  it('is today once the close time has passed in Berlin, else yesterday (winter and summer time)', () => {
    expect(lastClosedDay(new Date('2026-11-26T20:59:00Z'), '22:00')).toBe('2026-11-25');
    expect(lastClosedDay(new Date('2026-11-26T21:00:00Z'), '22:00')).toBe('2026-11-26');
    expect(lastClosedDay(new Date('2026-07-01T19:59:00Z'), '22:00')).toBe('2026-06-30');
    expect(lastClosedDay(new Date('2026-07-01T20:00:00Z'), '22:00')).toBe('2026-07-01');
    expect(lastClosedDay(new Date('2026-01-01T00:30:00Z'), '00:00')).toBe('2026-01-01');
  });
});

let demoId: number;
let cardId: number;
let otherStoreUser: number;
const t = useTestApp({
  prepare: async (t) => {
    const demo = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    demoId = demo.id;
    const card = await t.db
      .selectFrom('gift_card')
      .select('id')
      .where('sold_vkforg_id', '=', 11)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    cardId = card.id;
    // Allowed to work with gift cards, but in vkforg 12 only: vkforg 11's close is not theirs.
    const other = await t.db
      .insertInto('app_user')
      .values({
        username: 'kasse12',
        full_name: 'Kasse Zwölf',
        email: 'kasse12@example.test',
        password_hash: 'x',
        kind: 'internal',
        account_id: 101,
        vkforg_id: 12,
        firma_id: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherStoreUser = other.id;
    await t.db.insertInto('user_vkforg').values({ user_id: other.id, vkforg_id: 12 }).execute();
    await t.db.insertInto('user_permission').values({ user_id: other.id, permission: 'GUTSCHEINKARTE' }).execute();
  },
});
// The ledger is append-only: each test books on a day of its own.
beforeEach(async () => {
  await sql`delete from gift_card_day_close`.execute(t.db);
  await sql`delete from notification`.execute(t.db);
});

/** A booking in vkforg 11 at a Berlin local time ('2026-03-10 10:00'). */
async function booking(localTime: string, action: 'CHARGE' | 'REDEEM', amount: number) {
  await t.db
    .insertInto('gift_card_movement')
    .values({
      firma_id: 1,
      card_id: cardId,
      action,
      amount,
      balance_after: 0,
      user_id: demoId,
      vkforg_id: 11,
      idempotency_key: `day-close-${localTime}-${action}-${amount}`,
      created_at: sql<Date>`${localTime}::timestamp at time zone 'Europe/Berlin'`,
    })
    .execute();
}

const dayCloses = () =>
  t.db
    .selectFrom('notification')
    .select(['user_id', 'title', 'text', 'route'])
    .where('title', 'like', 'Tagesabschluss Gutscheinkarten%')
    .orderBy('id')
    .execute();
const at = (iso: string) => () => new Date(iso);

describe('day close', () => {
  it('one notification per entitled user of the vkforg, with the date, the sums and the daily balance route', async () => {
    await booking('2026-03-10 09:15', 'CHARGE', 5000);
    await booking('2026-03-10 18:40', 'REDEEM', 1250);
    await booking('2026-03-10 23:30', 'CHARGE', 999); // after midnight UTC, still the 10th in Berlin
    await booking('2026-03-11 00:10', 'CHARGE', 777); // the next store day
    // 21:59 in Berlin: the day is not over yet.
    expect(await closeGiftCardDays(t.db, { closeTime: '22:00', now: at('2026-03-10T20:59:00Z') })).toBe(0);
    expect(await dayCloses()).toEqual([]);
    expect(await closeGiftCardDays(t.db, { closeTime: '22:00', now: at('2026-03-11T06:00:00Z') })).toBe(1);
    const written = await dayCloses();
    expect(written).toEqual([
      {
        user_id: demoId,
        title: 'Tagesabschluss Gutscheinkarten 10.03.26',
        text: '3 Buchungen: aufgeladen 59,99\u00a0€, eingelöst 12,50\u00a0€, Saldo 47,49\u00a0€.',
        route: '/gutscheinkarten/daily-balance?date=2026-03-10',
      },
    ]);
    expect(written.map((n) => n.user_id)).not.toContain(otherStoreUser);
    // The closed day is one event of the ERP feed with the day's balance.
    const closed = await eventsOfType(t.db, 'gift-card.day-closed');
    expect(closed).toEqual([
      expect.objectContaining({ user_name: null, document: expect.objectContaining({ day: '2026-03-10' }) }),
    ]);
    // Filiale works in vkforg 11 without the gift-card permission: nothing for them either.
  });

  it('a day without gift-card movements closes nothing', async () => {
    expect(await closeGiftCardDays(t.db, { closeTime: '22:00', now: at('2026-03-21T06:00:00Z') })).toBe(0);
    expect(await dayCloses()).toEqual([]);
  });

  it('two job runners at once (two instances on PostgreSQL) close the day once; a restart adds nothing', async () => {
    await booking('2026-04-02 11:00', 'CHARGE', 2000);
    const second = await createSecondInstance(t);
    try {
      const options = { closeTime: '22:00', now: at('2026-04-02T20:30:00Z') };
      const runs = await Promise.all([
        closeGiftCardDays(t.db, options),
        closeGiftCardDays(second?.database.db ?? t.db, options),
        closeGiftCardDays(t.db, options),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await dayCloses()).toHaveLength(1);
      expect(await closeGiftCardDays(t.db, options)).toBe(0);
      expect(await dayCloses()).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('a day whose close time the server missed is closed on the next start', async () => {
    await booking('2026-05-05 12:00', 'REDEEM', 300);
    // The server was down at 22:00 on the 5th and starts on the 6th at 23:00: both days are over.
    const job = new DayCloseJob(t.db, { closeTime: '22:00', now: at('2026-05-06T21:00:00Z') }, { warn: () => {} });
    await job.tick();
    expect((await dayCloses()).map((n) => n.title)).toEqual(['Tagesabschluss Gutscheinkarten 05.05.26']);
    await job.tick();
    expect(await dayCloses()).toHaveLength(1);
  });

  it('the close time is configurable', async () => {
    await booking('2026-06-01 08:00', 'CHARGE', 100);
    expect(await closeGiftCardDays(t.db, { closeTime: '20:00', now: at('2026-06-01T17:59:00Z') })).toBe(0);
    expect(await closeGiftCardDays(t.db, { closeTime: '20:00', now: at('2026-06-01T18:00:00Z') })).toBe(1);
    expect((await dayCloses())[0]?.text).toBe(
      '1 Buchung: aufgeladen 1,00\u00a0€, eingelöst 0,00\u00a0€, Saldo 1,00\u00a0€.',
    );
  });
});
