import { CAPTURE_SYNC_MAX_CHANGES, type SyncChange } from '@mde/contracts';
import type { CaptureDatabase } from './capture-db';
import { takeSeqs } from './device';
import type { OutboxEntry } from './rows';

/** Entries per request: small enough that a lost answer costs little, large enough for 5,000 lines in seconds. */
export const SYNC_BATCH_SIZE = 500;

export interface SyncSession {
  userId: number;
  vkforgId: number;
}

/**
 * The next entries to send, in sequence order. Entries already numbered go first and keep their number
 * (a resend must repeat it, so the server can answer 'duplicate'); new entries are numbered only when they
 * belong to the session's current vkforg, so a capture from before a context switch waits for its store.
 */
export async function nextBatch(
  db: CaptureDatabase,
  session: SyncSession,
  max = SYNC_BATCH_SIZE,
): Promise<OutboxEntry[]> {
  return db.transaction('rw', [db.outbox, db.device], async () => {
    const mine = await db.outbox.where('owner').equals(session.userId).sortBy('id');
    const numbered = mine.filter((e) => e.seq > 0).sort((a, b) => a.seq - b.seq);
    const room = Math.min(max, CAPTURE_SYNC_MAX_CHANGES) - numbered.length;
    const fresh = room > 0 ? mine.filter((e) => e.seq === 0 && e.vkforgId === session.vkforgId).slice(0, room) : [];
    if (fresh.length > 0) {
      let seq = await takeSeqs(db, session.userId, fresh.length);
      for (const e of fresh) {
        e.seq = seq++;
        await db.outbox.update(e.id as number, { seq: e.seq });
      }
    }
    return [...numbered, ...fresh].slice(0, max);
  });
}

export const toSyncChange = (e: OutboxEntry): SyncChange => ({
  seq: e.seq,
  clientId: e.clientId,
  module: e.module,
  kind: e.kind,
  vkforgId: e.vkforgId,
  payload: e.payload,
});
