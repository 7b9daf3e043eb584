import { lineValuesOf, type SyncChangeResult, type SyncResponse } from '@mde/contracts';
import type { CaptureDatabase } from './capture-db';
import { onlyCarriedFrom } from './header-carry';
import { type CaptureLineRow, listOrderOf, type OutboxEntry } from './rows';

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
    const answered: { entry: OutboxEntry; result: SyncChangeResult; refused: boolean }[] = [];
    for (const entry of batch) {
      const result = bySeq.get(entry.seq);
      if (!result || result.status === 'pending') {
        summary.pending++;
        await db.outbox.update(entry.id as number, { attempts: entry.attempts + 1 });
      } else {
        const refused =
          result.status === 'rejected' || (result.status === 'duplicate' && result.firstStatus === 'rejected');
        answered.push({ entry, result, refused });
      }
    }
    await db.outbox.bulkDelete(answered.map((a) => a.entry.id as number));
    // Lines with a later edit still on its way stay 'pending' until that one is answered too.
    const lineIds = answered.filter((a) => isLineKind(a.entry)).map((a) => a.entry.clientId);
    const queued = new Set(await db.outbox.where('clientId').anyOf(lineIds).keys());
    const lines = await LineWrites.load(db, lineIds);
    for (const { entry, result, refused } of answered) {
      // An export reads and deletes lines itself: what the batch changed before it is written first.
      if (entry.kind === 'export') await lines.flush();
      // Only real IndexedDB requests are awaited in here: awaiting a promise of an async function that made
      // none lets the transaction commit early in Chromium (Dexie's PrematureCommitError).
      if (refused) {
        summary.rejected++;
        await reject(db, entry, result.reason ?? '', lines);
      } else {
        summary.confirmed++;
        if (entry.kind === 'export') await confirmExport(db, entry, result);
        else if (isLineKind(entry)) confirmLine(entry, result, queued, lines);
      }
    }
    await lines.flush();
  });
  return summary;
}

/**
 * Sets one change aside that the server refused as a whole request (it could not even answer it on its own):
 * it is handled exactly like a change answered 'rejected' with this reason.
 */
export async function setAside(db: CaptureDatabase, entry: OutboxEntry, reason: string): Promise<void> {
  await applyResults(db, [entry], {
    lastAppliedSeq: 0,
    results: [{ seq: entry.seq, clientId: entry.clientId, status: 'rejected', reason, serverVersion: 0 }],
  });
}

const isLineKind = (e: OutboxEntry) => e.kind === 'upsert-line' || e.kind === 'delete-line';

/** The batch's line changes, read and written in bulk (500 answers are a handful of IndexedDB requests). */
class LineWrites {
  private readonly changed = new Set<string>();
  private constructor(
    private readonly db: CaptureDatabase,
    private readonly rows: Map<string, CaptureLineRow | null>,
  ) {}

  static async load(db: CaptureDatabase, clientIds: string[]) {
    const found = await db.lines.bulkGet(clientIds);
    return new LineWrites(db, new Map(found.filter((l) => l !== undefined).map((l) => [l.clientId, l])));
  }

  get(clientId: string) {
    return this.rows.get(clientId) ?? undefined;
  }

  set(clientId: string, row: CaptureLineRow | null) {
    this.rows.set(clientId, row);
    this.changed.add(clientId);
  }

  async flush() {
    const puts: CaptureLineRow[] = [];
    const deletes: string[] = [];
    for (const id of this.changed) {
      const row = this.rows.get(id);
      if (row) puts.push(row);
      else deletes.push(id);
    }
    this.changed.clear();
    await this.db.lines.bulkPut(puts);
    await this.db.lines.bulkDelete(deletes);
  }
}

async function confirmExport(db: CaptureDatabase, entry: OutboxEntry, result: SyncChangeResult) {
  await db.exports.update(entry.clientId, { state: 'done', result: result.export ?? null });
  await db.lines
    .where('[owner+module+vkforgId]')
    .equals([entry.owner, entry.module, entry.vkforgId])
    .filter((l) => l.exportKey === entry.clientId)
    .delete();
}

function confirmLine(entry: OutboxEntry, result: SyncChangeResult, queued: Set<unknown>, lines: LineWrites): void {
  const line = lines.get(entry.clientId);
  if (!line || queued.has(entry.clientId)) return;
  const server = result.line;
  const deleted = server ? server.deleted : line.deleted;
  // A confirmed delete (and a line exported elsewhere) is gone from the server's list, so from ours too.
  if (deleted) {
    lines.set(entry.clientId, null);
    return;
  }
  lines.set(entry.clientId, {
    ...line,
    state: 'synced',
    warnings: result.warnings ?? line.warnings,
    note: result.note ?? null,
    ...(server && lineValuesOf(server)),
  });
}

async function reject(db: CaptureDatabase, entry: OutboxEntry, reason: string, lines: LineWrites) {
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
      .modify((l) => {
        l.exportKey = null;
        l.listOrder = listOrderOf(l);
      });
    if (row?.header && onlyCarriedFrom((await db.headers.get(row.header.key))?.header, row.header.header))
      await db.headers.put(row.header);
    return;
  }
  if (entry.kind === 'set-header') return;
  const line = lines.get(entry.clientId);
  if (line) lines.set(entry.clientId, { ...line, state: 'rejected', note: reason });
}
