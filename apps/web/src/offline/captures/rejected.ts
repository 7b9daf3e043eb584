import type { CaptureDatabase } from './capture-db';
import { notifyLocalChange } from './capture-store';

/**
 * 'Erneut senden' for a refused change (e.g. after switching back to the store it was captured in): it goes
 * back into the outbox as a new change with a new number; the refused one is answered for good.
 */
export async function retryRejected(db: CaptureDatabase, id: number): Promise<void> {
  await db.transaction('rw', [db.rejected, db.outbox, db.lines], async () => {
    const row = await db.rejected.get(id);
    if (!row) return;
    const { id: _id, reason: _reason, rejectedAt: _at, ...entry } = row;
    await db.outbox.add({ ...entry, seq: 0, attempts: 0, createdAt: new Date().toISOString() });
    await db.rejected.delete(id);
    if (row.kind === 'upsert-line' || row.kind === 'delete-line') {
      await db.lines.update(row.clientId, { state: 'pending', note: null });
    }
  });
  notifyLocalChange();
}
