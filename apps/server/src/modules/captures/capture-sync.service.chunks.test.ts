import { setImmediate } from 'node:timers/promises';
import type { SyncChange, SyncResponse } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, resetCaptures, uuid } from '../../test/capture-fixtures';
import { as, createSecondInstance, DEMO, loginAs, useTestApp } from '../../test/test-app';
import { SYNC_CHUNK_CHANGES } from './capture-sync.service';

// A large sync applies in chunks, each its own transaction: other requests get their turn between them,
// a failure between chunks loses nothing, and two syncs of one device still never interleave.

// The cookie itself is needed too (the second instance takes the same session), so this login is made here.
let cookie: string;
let demo: ReturnType<typeof as>;
const t = useTestApp({
  prepare: async (t) => {
    await insertFixtures(t.db);
    cookie = await loginAs(t.app, DEMO);
    demo = as(t.app, cookie);
  },
});
beforeEach(() => resetCaptures(t.db));

const sync = (deviceId: string, changes: unknown[], request = demo) =>
  request({
    method: 'POST',
    url: '/api/v1/captures/sync',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ deviceId, changes }),
  });
const upsert = (seq: number, clientId = uuid()): SyncChange => ({
  seq,
  clientId,
  module: 'order-proposal',
  kind: 'upsert-line',
  payload: { articleId: FX.milk, quantity: (seq % 9) + 1, capturedAt: '2026-11-21T09:00:00.000Z' },
});
const batch = (count: number) => Array.from({ length: count }, (_, i) => upsert(i + 1));
const lastSeq = async (deviceId: string) =>
  Number(
    (await sql<{ last_seq: number }>`select last_seq from capture_device where device_id = ${deviceId}`.execute(t.db))
      .rows[0]?.last_seq ?? 0,
  );
const lineCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from capture_line`.execute(t.db)).rows[0]?.n);
const captureVersion = async () =>
  Number(
    (await sql<{ version: number }>`select version from capture where status = 'open'`.execute(t.db)).rows[0]?.version,
  );

/** Waits (by asking the database, in turn with everyone else) until the device's sync has stored some changes. */
async function whenUnderway(deviceId: string, answered: () => boolean) {
  let applied = 0;
  while (applied === 0 && !answered()) {
    await setImmediate();
    applied = await lastSeq(deviceId);
  }
  return applied;
}

describe('a large sync in chunks', () => {
  it('a scan lookup made during a 5,000-change sync is answered before the sync', async () => {
    const order: string[] = [];
    const syncing = sync('device-BIG', batch(5000)).then((res) => {
      order.push('sync');
      return res;
    });
    const applied = await whenUnderway('device-BIG', () => order.includes('sync'));
    // Someone else saw part of the batch stored: the sync does not hold the database for its whole run.
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(5000);
    const lookup = await demo({ method: 'GET', url: '/api/v1/articles/lookup/100001' });
    order.push('lookup');
    expect(lookup.statusCode).toBe(200);
    const res = await syncing;
    expect(order).toEqual(['lookup', 'sync']);
    expect(res.statusCode).toBe(200);
    const answer: SyncResponse = res.json();
    expect(answer.lastAppliedSeq).toBe(5000);
    expect(answer.results.map((r) => r.seq)).toEqual(batch(5000).map((c) => c.seq));
    expect(answer.results.every((r) => r.status === 'applied')).toBe(true);
    expect(await lineCount()).toBe(5000);
  });

  it('a batch retried after a failure between chunks answers the stored chunk duplicate and applies the rest once', async () => {
    const total = 2 * SYNC_CHUNK_CHANGES + SYNC_CHUNK_CHANGES / 2;
    const changes = batch(total);
    // The second chunk fails once as it stores its answers (a sequence keeps counting through the rollback).
    await sql`create sequence sync_fault`.execute(t.db);
    await sql
      .raw(`create function sync_fault() returns trigger language plpgsql as $$
        begin
          if new.seq = ${SYNC_CHUNK_CHANGES + 1} and nextval('sync_fault') = 1 then
            raise exception 'simulierter Ausfall zwischen zwei Teilen';
          end if;
          return new;
        end $$`)
      .execute(t.db);
    await sql`create trigger sync_fault before insert on capture_change for each row execute function sync_fault()`.execute(
      t.db,
    );
    try {
      const failed = await sync('device-RETRY', changes);
      expect(failed.statusCode).toBe(500);
      // What the first chunk applied stayed, with its answers and the device's last_seq.
      expect(await lastSeq('device-RETRY')).toBe(SYNC_CHUNK_CHANGES);
      expect(await lineCount()).toBe(SYNC_CHUNK_CHANGES);

      const retried = await sync('device-RETRY', changes);
      expect(retried.statusCode).toBe(200);
      const answer: SyncResponse = retried.json();
      expect(answer.lastAppliedSeq).toBe(total);
      const statuses = answer.results.map((r) => r.status);
      expect(statuses.slice(0, SYNC_CHUNK_CHANGES)).toEqual(Array(SYNC_CHUNK_CHANGES).fill('duplicate'));
      expect(answer.results.slice(0, SYNC_CHUNK_CHANGES).every((r) => r.firstStatus === 'applied')).toBe(true);
      expect(statuses.slice(SYNC_CHUNK_CHANGES)).toEqual(Array(total - SYNC_CHUNK_CHANGES).fill('applied'));
      expect(await lineCount()).toBe(total);
      // Every applied change bumps the capture's version once: nothing applied twice.
      expect(await captureVersion()).toBe(total);
    } finally {
      await sql`drop trigger sync_fault on capture_change`.execute(t.db);
      await sql`drop function sync_fault()`.execute(t.db);
      await sql`drop sequence sync_fault`.execute(t.db);
    }
  });

  it('syncs of one device never interleave: changes sent again one by one during a sync wait for its end', async () => {
    const total = 3 * SYNC_CHUNK_CHANGES;
    const changes = batch(total);
    // On PostgreSQL the repeats go to a second server instance: the turn must hold across instances.
    const second = await createSecondInstance(t);
    try {
      const other = second ? as(second, cookie) : demo;
      let done = false;
      const syncing = sync('device-TURN', changes).then((res) => {
        done = true;
        return res;
      });
      expect(await whenUnderway('device-TURN', () => done)).toBeGreaterThan(0);
      // Each change again in a request of its own, all at once, while the big sync has chunks left.
      const repeats = await Promise.all(changes.map((c) => sync('device-TURN', [c], other)));
      const first = await syncing;
      expect(first.statusCode).toBe(200);
      const answer: SyncResponse = first.json();
      // The big sync applied every change: no repeat slipped in between two of its chunks.
      expect(answer.results.map((r) => r.status)).toEqual(Array(total).fill('applied'));
      for (const r of repeats) {
        expect(r.statusCode).toBe(200);
        expect((r.json() as SyncResponse).results[0]).toMatchObject({ status: 'duplicate', firstStatus: 'applied' });
      }
      expect(await lineCount()).toBe(total);
      expect(await captureVersion()).toBe(total);
    } finally {
      await second?.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a sync on another instance waits for the end of the device sync under way',
    async () => {
      const second = await createSecondInstance(t);
      if (!second) throw new Error('no second instance');
      const changes = batch(2 * SYNC_CHUNK_CHANGES);
      const userId = Number(
        (await sql<{ id: number }>`select id from app_user where username = 'demo'`.execute(t.db)).rows[0]?.id,
      );
      await sql`insert into capture_device (user_id, device_id, last_seq, last_seen_at) values (${userId}, 'device-INST', 0, now())`.execute(
        t.db,
      );
      const waitingForLocks = async () =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
          ).rows[0]?.n,
        );
      try {
        let syncing!: Promise<Awaited<ReturnType<typeof sync>>>;
        let repeat!: Promise<Awaited<ReturnType<typeof sync>>>;
        // Holding the device row stops the big sync in its first chunk; the repeat of its 101st change goes to
        // the other instance meanwhile. Without a turn across instances it would be next in line for the row
        // after the first chunk and slip in before the second.
        await t.db.transaction().execute(async (trx) => {
          await sql`select 1 from capture_device where device_id = 'device-INST' for update`.execute(trx);
          syncing = sync('device-INST', changes);
          while ((await waitingForLocks()) < 1) await setImmediate();
          repeat = sync('device-INST', [changes[SYNC_CHUNK_CHANGES]], as(second, cookie));
          while ((await waitingForLocks()) < 2) await setImmediate();
        });
        const [first, again] = await Promise.all([syncing, repeat]);
        expect((first.json() as SyncResponse).results.map((r) => r.status)).toEqual(
          Array(changes.length).fill('applied'),
        );
        expect((again.json() as SyncResponse).results[0]).toMatchObject({
          seq: SYNC_CHUNK_CHANGES + 1,
          status: 'duplicate',
          firstStatus: 'applied',
        });
        expect(await captureVersion()).toBe(changes.length);
      } finally {
        await second.close();
      }
    },
  );

  it('a sync with no changes still answers the device last_seq', async () => {
    await sync('device-EMPTY', batch(3));
    const res = await sync('device-EMPTY', []);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lastAppliedSeq: 3, results: [] });
  });
});
