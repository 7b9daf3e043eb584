import type { CaptureDatabase } from './capture-db';
import { notifyLocalChange } from './capture-store';

const isLineKind = (kind: string) => kind === 'upsert-line' || kind === 'delete-line';

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
    if (isLineKind(row.kind)) {
      await db.lines.update(row.clientId, { state: 'pending', note: null });
    }
  });
  notifyLocalChange();
}

/**
 * 'Löschen' of a change set aside as not transferable: the user gives it up. A line that only exists on
 * the device because of it (marked refused, nothing else on its way) goes too; if the server holds an
 * older state of it, the next refresh of the list brings that back.
 */
export async function discardRejected(db: CaptureDatabase, id: number): Promise<void> {
  await db.transaction('rw', [db.rejected, db.outbox, db.lines], async () => {
    const row = await db.rejected.get(id);
    if (!row) return;
    await db.rejected.delete(id);
    if (!isLineKind(row.kind)) return;
    const line = await db.lines.get(row.clientId);
    const queued = await db.outbox.where('clientId').equals(row.clientId).count();
    const setAside = await db.rejected
      .where('owner')
      .equals(row.owner)
      .filter((r) => r.clientId === row.clientId)
      .count();
    if (line?.state === 'rejected' && queued + setAside === 0) await db.lines.delete(row.clientId);
  });
}
