import {
  type CaptureHeaderInput,
  type CaptureLineFieldName,
  type ChangeKind,
  type GeoPosition,
  lineInputValuesOf,
} from '@mde/contracts';
import { todayIso } from '../../lib/format';
import type { CaptureDatabase } from './capture-db';
import { carriedChange, carriedHeader } from './header-carry';
import {
  type CaptureHeaderRow,
  type CaptureLineRow,
  type CaptureScope,
  headerKey,
  listOrderOf,
  type OutboxEntry,
} from './rows';

/**
 * What the capture screen decided for one line (after the add-or-replace question); capturedAt is the time
 * of the scan and is kept when an existing line is edited.
 */
export type LineDraft = Pick<
  CaptureLineRow,
  'clientId' | 'articleId' | 'articleNumber' | 'designation' | CaptureLineFieldName | 'capturedAt'
>;

const nowIso = () => new Date().toISOString();

/** The open capture's lines (not deleted, not exported), newest first, by the list's index. */
export const listedLines = (db: CaptureDatabase, s: CaptureScope) =>
  db.lines
    .where('[owner+module+vkforgId+listOrder]')
    .between([s.owner, s.module, s.vkforgId, -Infinity], [s.owner, s.module, s.vkforgId, Infinity], true, true);
type Listener = () => void;
const listeners = new Set<Listener>();
/** The sync engine listens here: every local change asks for a sync soon. */
export const onLocalChange = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const notifyLocalChange = () => {
  for (const l of listeners) l();
};

function entry(scope: CaptureScope, kind: ChangeKind, clientId: string, payload: unknown): OutboxEntry {
  const { owner, module, vkforgId } = scope;
  return { owner, module, vkforgId, kind, clientId, payload, seq: 0, createdAt: nowIso(), attempts: 0 };
}

/** A line's change, with the header its capture shows now (rows.ts OutboxEntry.header). */
async function lineEntry(db: CaptureDatabase, row: CaptureLineRow): Promise<OutboxEntry> {
  const shown = await db.headers.get(headerKey(row));
  const change = entry(row, 'upsert-line', row.clientId, linePayload(row));
  return shown ? { ...change, header: { ...shown.header, updatedAt: shown.updatedAt } } : change;
}

const linePayload = (row: CaptureLineRow) => ({
  articleId: row.articleId,
  ...lineInputValuesOf(row),
  capturedAt: row.capturedAt,
  updatedAt: row.updatedAt,
});

/** The device's next line number: the list shows lines by it, newest first (docs/spec.md §3 'sorted by id descending'). */
export async function nextLocalSeq(db: CaptureDatabase): Promise<number> {
  const row = await db.device.get('local-seq');
  const next = typeof row?.value === 'number' ? row.value : 1;
  await db.device.put({ key: 'local-seq', value: next + 1 });
  return next;
}

/**
 * A new change of a line the server refused replaces the refused one: it leaves the 'Nicht übertragbar'
 * list. Read only for a line marked refused, so a scan costs no extra request.
 */
async function replaceSetAside(db: CaptureDatabase, line: CaptureLineRow | undefined): Promise<void> {
  if (line?.state !== 'rejected') return;
  await db.rejected
    .where('owner')
    .equals(line.owner)
    .filter((r) => r.clientId === line.clientId && (r.kind === 'upsert-line' || r.kind === 'delete-line'))
    .delete();
}

async function putLine(db: CaptureDatabase, scope: CaptureScope, draft: LineDraft): Promise<CaptureLineRow> {
  const existing = await db.lines.get(draft.clientId);
  await replaceSetAside(db, existing);
  const localSeq = existing?.localSeq ?? (await nextLocalSeq(db));
  const next: CaptureLineRow = {
    ...scope,
    ...draft,
    localSeq,
    capturedAt: existing?.capturedAt ?? draft.capturedAt,
    updatedAt: nowIso(),
    deleted: false,
    exportKey: null,
    listOrder: -localSeq,
    state: 'pending',
    warnings: existing?.warnings ?? [],
    note: null,
  };
  await db.lines.put(next);
  await db.outbox.add(await lineEntry(db, next));
  return next;
}

/** Saves a line and its outbox entry in one durable transaction: both or neither. */
export async function saveLine(db: CaptureDatabase, scope: CaptureScope, draft: LineDraft): Promise<CaptureLineRow> {
  const row = await db.transaction('rw', [db.lines, db.outbox, db.device, db.rejected, db.headers], () =>
    putLine(db, scope, draft),
  );
  notifyLocalChange();
  return row;
}

/** Many lines in one durable transaction (an import, a bench's set-up): each exactly as saveLine writes it. */
export async function saveLines(db: CaptureDatabase, scope: CaptureScope, drafts: LineDraft[]): Promise<number> {
  await db.transaction('rw', [db.lines, db.outbox, db.device, db.rejected, db.headers], async () => {
    for (const d of drafts) await putLine(db, scope, d);
  });
  notifyLocalChange();
  return drafts.length;
}

/** Marks a line deleted; it stays on the device so that an undo can bring it back. */
export async function deleteLine(db: CaptureDatabase, clientId: string): Promise<CaptureLineRow | undefined> {
  const row = await db.transaction('rw', [db.lines, db.outbox, db.rejected], async () => {
    const line = await db.lines.get(clientId);
    if (!line || line.deleted) return undefined;
    await replaceSetAside(db, line);
    const updatedAt = nowIso();
    await db.lines.update(clientId, { deleted: true, listOrder: null, updatedAt, state: 'pending' });
    await db.outbox.add(entry(line, 'delete-line', clientId, { updatedAt }));
    return line;
  });
  notifyLocalChange();
  return row;
}

/**
 * Undo of a delete: the line comes back as it was, sent again as an upsert of the same client id. The caller
 * passes the line it deleted, because a delete the server already confirmed has left the device.
 */
export async function restoreLine(db: CaptureDatabase, deleted: CaptureLineRow): Promise<void> {
  await db.transaction('rw', [db.lines, db.outbox, db.headers], async () => {
    const current = await db.lines.get(deleted.clientId);
    if (current && !current.deleted) return;
    const base = { ...(current ?? deleted), deleted: false };
    const restored = { ...base, listOrder: listOrderOf(base), updatedAt: nowIso(), state: 'pending' as const };
    await db.lines.put(restored);
    await db.outbox.add(await lineEntry(db, restored));
  });
  notifyLocalChange();
}

export async function setHeader(
  db: CaptureDatabase,
  scope: CaptureScope,
  header: Omit<CaptureHeaderInput, 'updatedAt'>,
  supplierName: string | null = null,
): Promise<CaptureHeaderRow> {
  const row = await db.transaction('rw', [db.headers, db.outbox], async () => {
    const updatedAt = nowIso();
    const written: CaptureHeaderRow = { ...scope, key: headerKey(scope), header, supplierName, updatedAt };
    await db.headers.put(written);
    await db.outbox.add(entry(scope, 'set-header', `header-${crypto.randomUUID()}`, { ...header, updatedAt }));
    return written;
  });
  notifyLocalChange();
  return row;
}

/**
 * Queues the export of the open capture (an export made offline is sent when online). The lines
 * leave the list at once and a new capture starts; the header is kept with the export so a refused export
 * can put everything back, and what of it still holds starts the next capture.
 */
export async function queueExport(
  db: CaptureDatabase,
  scope: CaptureScope,
  edi: boolean | null,
  /** Where the user exported (docs/spec.md §3): the position of this moment, also when the export is sent later. */
  position: GeoPosition | null = null,
): Promise<string> {
  const exportKey = crypto.randomUUID();
  await db.transaction('rw', [db.lines, db.headers, db.outbox, db.exports], async () => {
    const lines = await listedLines(db, scope).toArray();
    for (const l of lines) await db.lines.update(l.clientId, { exportKey, listOrder: null });
    const header = await db.headers.get(headerKey(scope));
    await db.headers.delete(headerKey(scope));
    await db.exports.put({
      ...scope,
      exportKey,
      edi,
      state: 'queued',
      result: null,
      reason: null,
      createdAt: nowIso(),
      lineCount: lines.length,
      header: header ?? null,
    });
    const payload = { ...(edi === null ? {} : { edi }), ...(position === null ? {} : { position }) };
    await db.outbox.add(entry(scope, 'export', exportKey, payload));
    // The next capture starts with what of this header still holds (header-carry.ts), sent after the export.
    const next = carriedHeader(header?.header, todayIso());
    if (next) {
      const updatedAt = nowIso();
      await db.headers.put({ ...scope, key: headerKey(scope), header: next, supplierName: null, updatedAt });
      await db.outbox.add(
        entry(scope, 'set-header', `header-${crypto.randomUUID()}`, { ...carriedChange(next), updatedAt }),
      );
    }
  });
  notifyLocalChange();
  return exportKey;
}

export async function addUnresolvedCode(db: CaptureDatabase, scope: CaptureScope, code: string): Promise<void> {
  await db.unresolved.add({ ...scope, code, scannedAt: nowIso() });
}

export const removeUnresolvedCode = (db: CaptureDatabase, id: number) => db.unresolved.delete(id);
