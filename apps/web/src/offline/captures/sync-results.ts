import type { SyncChangeResult, SyncResponse } from '@mde/contracts';
import type { CaptureDatabase } from './capture-db';
import type { OutboxEntry } from './rows';

export interface AppliedSummary {
  confirmed: number;
  rejected: number;
  pending: number;
}

/**
 * Applies the server's answers in one transaction: a confirmed entry leaves the outbox, a refused one moves
 * to the rejected list with its reason (never dropped), a 'pending' one stays to be sent again.
 */
export async function applyResults(
  db: CaptureDatabase,
  batch: OutboxEntry[],
  response: SyncResponse,
): Promise<AppliedSummary> {
  const bySeq = new Map(response.results.map((r) => [r.seq, r]));
  const summary: AppliedSummary = { confirmed: 0, rejected: 0, pending: 0 };
  await db.transaction('rw', [db.outbox, db.lines, db.rejected, db.exports, db.headers], async () => {
    for (const entry of batch) {
      const result = bySeq.get(entry.seq);
      if (!result || result.status === 'pending') {
        summary.pending++;
        await db.outbox.update(entry.id as number, { attempts: entry.attempts + 1 });
        continue;
      }
      await db.outbox.delete(entry.id as number);
      const refused =
        result.status === 'rejected' || (result.status === 'duplicate' && result.firstStatus === 'rejected');
      if (refused) {
        summary.rejected++;
        await reject(db, entry, result.reason ?? '');
      } else {
        summary.confirmed++;
        await confirm(db, entry, result);
      }
    }
  });
  return summary;
}

// A later edit of the same line is still on its way: the line stays 'pending' until that one is confirmed too.
const stillQueued = async (db: CaptureDatabase, clientId: string) =>
  (await db.outbox.where('clientId').equals(clientId).count()) > 0;

async function confirm(db: CaptureDatabase, entry: OutboxEntry, result: SyncChangeResult) {
  if (entry.kind === 'export') {
    await db.exports.update(entry.clientId, { state: 'done', result: result.export ?? null });
    await db.lines
      .where('[owner+module+vkforgId]')
      .equals([entry.owner, entry.module, entry.vkforgId])
      .filter((l) => l.exportKey === entry.clientId)
      .delete();
    return;
  }
  if (entry.kind === 'set-header') return;
  const line = await db.lines.get(entry.clientId);
  if (!line || (await stillQueued(db, entry.clientId))) return;
  const server = result.line;
  const deleted = server ? server.deleted : line.deleted;
  // A confirmed delete (and a line exported elsewhere) is gone from the server's list, so from ours too.
  if (deleted) {
    await db.lines.delete(entry.clientId);
    return;
  }
  await db.lines.update(entry.clientId, {
    state: 'synced',
    warnings: result.warnings ?? line.warnings,
    note: result.note ?? null,
    ...(server && {
      quantity: server.quantity,
      unit: server.unit,
      factor: server.factor,
      storageLocation: server.storageLocation,
      reason: server.reason,
    }),
  });
}

async function reject(db: CaptureDatabase, entry: OutboxEntry, reason: string) {
  const { id: _id, ...kept } = entry;
  await db.rejected.add({ ...kept, reason, rejectedAt: new Date().toISOString() });
  if (entry.kind === 'export') {
    const row = await db.exports.get(entry.clientId);
    await db.exports.update(entry.clientId, { state: 'rejected', reason });
    // The export did not happen: its lines and header come back to the open capture.
    await db.lines
      .where('[owner+module+vkforgId]')
      .equals([entry.owner, entry.module, entry.vkforgId])
      .filter((l) => l.exportKey === entry.clientId)
      .modify({ exportKey: null });
    if (row?.header && !(await db.headers.get(row.header.key))) await db.headers.put(row.header);
    return;
  }
  if (entry.kind === 'set-header') return;
  await db.lines.update(entry.clientId, { state: 'rejected', note: reason });
}
