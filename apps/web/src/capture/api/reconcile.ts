import { CAPTURE_HEADER_FIELDS, type Capture, type CaptureHeaderState, lineValuesOf } from '@mde/contracts';
import type { CaptureDatabase } from '../../offline/captures/capture-db';
import { nextLocalSeq } from '../../offline/captures/capture-store';
import { type CaptureLineRow, type CaptureScope, headerKey } from '../../offline/captures/rows';

/** The changes of a capture still on their way to the server: the lines they touch, and whether the header or an export is among them. */
export interface ChangesOnTheirWay {
  clientIds: ReadonlySet<string>;
  headerOrExport: boolean;
}

async function queuedChanges(db: CaptureDatabase, scope: CaptureScope): Promise<ChangesOnTheirWay> {
  const queued = (await db.outbox.where('owner').equals(scope.owner).toArray()).filter(
    (e) => e.module === scope.module && e.vkforgId === scope.vkforgId,
  );
  return {
    clientIds: new Set(queued.map((e) => e.clientId)),
    headerOrExport: queued.some((e) => e.kind === 'set-header' || e.kind === 'export'),
  };
}

/** What was on its way when the server was asked: its answer may be older than those changes. */
export const changesOnTheirWay = (db: CaptureDatabase, scope: CaptureScope) =>
  db.transaction('r', [db.outbox], () => queuedChanges(db, scope));

/**
 * Brings the server's open capture onto the device (lines from the user's other devices, edits made there).
 * Only lines without a change on its way are touched: what this device has not yet sent always wins here,
 * and the server decides it when it arrives. `asked` are the changes on their way when the server was asked for
 * `capture`: one that arrived there meanwhile is not in the answer, which must not undo it on the device (a
 * correction saved as the list opened, a line just scanned).
 */
export async function reconcileCapture(
  db: CaptureDatabase,
  scope: CaptureScope,
  capture: Capture,
  asked?: ChangesOnTheirWay,
): Promise<void> {
  await db.transaction('rw', [db.lines, db.headers, db.outbox, db.device], async () => {
    const queued = await queuedChanges(db, scope);
    // A header change or an export still on its way makes the server's capture an older state than ours.
    if (queued.headerOrExport || asked?.headerOrExport) return;
    const waiting = new Set([...queued.clientIds, ...(asked?.clientIds ?? [])]);
    const local = await db.lines
      .where('[owner+module+vkforgId]')
      .equals([scope.owner, scope.module, scope.vkforgId])
      .toArray();
    const byClient = new Map(local.map((l) => [l.clientId, l]));
    const onServer = new Set(capture.lines.map((l) => l.clientId));
    for (const l of local) {
      if (l.state === 'synced' && !onServer.has(l.clientId) && !waiting.has(l.clientId))
        await db.lines.delete(l.clientId);
    }
    // docs/spec.md §3: the list is sorted by id descending whatever device a line came from. A line new to this device
    // was given its server id after every line this device already lists, so it takes the next local number,
    // in the order of the server's ids; the lines this device scans afterwards come after it in turn.
    for (const s of [...capture.lines].sort((a, b) => a.id - b.id)) {
      const mine = byClient.get(s.clientId);
      if (mine && (mine.state !== 'synced' || waiting.has(s.clientId))) continue;
      const localSeq = mine?.localSeq ?? (await nextLocalSeq(db));
      const row: CaptureLineRow = {
        ...scope,
        clientId: s.clientId,
        localSeq,
        articleId: s.articleId,
        articleNumber: s.articleNumber,
        designation: s.designation,
        ...lineValuesOf(s),
        capturedAt: s.capturedAt,
        updatedAt: s.updatedAt,
        deleted: false,
        exportKey: null,
        listOrder: -localSeq,
        state: 'synced',
        warnings: s.warnings,
        note: mine?.note ?? null,
      };
      await db.lines.put(row);
    }
    const key = headerKey(scope);
    const h = capture.header;
    const header = Object.fromEntries(CAPTURE_HEADER_FIELDS.map((f) => [f, h[f]])) as CaptureHeaderState;
    if (CAPTURE_HEADER_FIELDS.some((f) => h[f] !== null) && !(await db.headers.get(key))) {
      await db.headers.put({
        ...scope,
        key,
        header,
        supplierName: h.supplierName,
        updatedAt: new Date().toISOString(),
      });
    }
  });
}
