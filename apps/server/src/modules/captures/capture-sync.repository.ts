import type { SyncChangeResult } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface DeviceKey {
  userId: number;
  deviceId: string;
}

/** The device's row, created on first contact and locked: one sync request per device at a time. */
export async function lockDevice(db: Db, key: DeviceKey) {
  await db
    .insertInto('capture_device')
    .values({ user_id: key.userId, device_id: key.deviceId, last_seq: 0, last_seen_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'device_id']).doNothing())
    .execute();
  return db
    .selectFrom('capture_device')
    .select(['last_seq'])
    .where('user_id', '=', key.userId)
    .where('device_id', '=', key.deviceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setLastSeq(db: Db, key: DeviceKey, lastSeq: number) {
  await db
    .updateTable('capture_device')
    .set({ last_seq: lastSeq, last_seen_at: new Date() })
    .where('user_id', '=', key.userId)
    .where('device_id', '=', key.deviceId)
    .execute();
}

export async function loadAnswers(db: Db, key: DeviceKey, seqs: readonly number[]) {
  const answers = new Map<number, SyncChangeResult>();
  if (seqs.length === 0) return answers;
  const rows = await db
    .selectFrom('capture_change')
    .select(['seq', 'answer'])
    .where('user_id', '=', key.userId)
    .where('device_id', '=', key.deviceId)
    .where('seq', 'in', [...new Set(seqs)])
    .execute();
  for (const r of rows) answers.set(r.seq, r.answer as SyncChangeResult);
  return answers;
}

const CHUNK = 2000;
export async function saveAnswers(db: Db, key: DeviceKey, answers: readonly SyncChangeResult[]) {
  for (let start = 0; start < answers.length; start += CHUNK) {
    await db
      .insertInto('capture_change')
      .values(
        answers.slice(start, start + CHUNK).map((a) => ({
          user_id: key.userId,
          device_id: key.deviceId,
          seq: a.seq,
          answer: JSON.stringify(a),
        })),
      )
      .execute();
  }
}

/** Drops answers a device can no longer ask for again (it only resends changes not yet confirmed). */
export async function pruneAnswers(db: Db, key: DeviceKey, belowSeq: number) {
  if (belowSeq <= 0) return;
  await db
    .deleteFrom('capture_change')
    .where('user_id', '=', key.userId)
    .where('device_id', '=', key.deviceId)
    .where('seq', '<', belowSeq)
    .execute();
}

/** Waits for a device's turn on this connection (a session-level advisory lock; device-turn.ts). */
export const lockDeviceTurn = (conn: Db, lockClass: number, name: string) =>
  sql`select pg_advisory_lock(${lockClass}, hashtext(${name}))`.execute(conn);

export const unlockDeviceTurn = (conn: Db, lockClass: number, name: string) =>
  sql`select pg_advisory_unlock(${lockClass}, hashtext(${name}))`.execute(conn);
