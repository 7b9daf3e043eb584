import { CAPTURE_MSG, type CaptureModule, type DocumentVariant } from '@mde/contracts';
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { CaptureLineTable, CaptureTable } from './captures.tables';
import { LINE_FIELD_COLUMNS } from './line-columns';

export type CaptureRow = Selectable<CaptureTable>;
export type LineRow = Selectable<CaptureLineTable>;
export interface CaptureKey {
  firmaId: number;
  vkforgId: number;
  userId: number;
  module: CaptureModule;
}

const openCapture = (db: Db, key: CaptureKey) =>
  db
    .selectFrom('capture')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('module', '=', key.module)
    .where('vkforg_id', '=', key.vkforgId)
    .where('firma_id', '=', key.firmaId)
    .where('status', '=', 'open');

export const findOpenCapture = (db: Db, key: CaptureKey) => openCapture(db, key).executeTakeFirst();
/** Locks the open capture for the rest of the transaction (writers of one capture take turns). */
export const lockOpenCapture = (db: Db, key: CaptureKey) => openCapture(db, key).forUpdate().executeTakeFirst();

/**
 * The open capture was exported while this transaction waited for its lock. The insert above saw it still
 * open (so created none) and the lock then found it exported: the write belongs to a capture that no longer
 * takes lines. The caller cannot tell which capture the user meant, so the write is refused (409) and sent
 * again: by then the new open capture is created.
 */
export class CaptureExportedMeanwhile extends AppError {
  constructor() {
    super(409, 'CONFLICT', CAPTURE_MSG.captureJustExported);
  }
}

/** The open capture, created when missing, locked. */
export async function lockOrCreateOpenCapture(db: Db, key: CaptureKey & { accountId: number }): Promise<CaptureRow> {
  await db
    .insertInto('capture')
    .values({
      firma_id: key.firmaId,
      vkforg_id: key.vkforgId,
      account_id: key.accountId,
      user_id: key.userId,
      module: key.module,
    })
    .onConflict((oc) =>
      // A literal, not a parameter: with reused prepared statements PostgreSQL switches to a generic plan after
      // five runs, and a parameter in the predicate no longer matches the partial index capture_open_idx.
      oc.columns(['user_id', 'module', 'vkforg_id']).where('status', '=', sql.lit('open')).doNothing(),
    )
    .execute();
  const row = await lockOpenCapture(db, key);
  if (!row) throw new CaptureExportedMeanwhile();
  return row;
}

export const findCaptureByExportKey = (db: Db, userId: number, module: CaptureModule, exportKey: string) =>
  db
    .selectFrom('capture')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module', '=', module)
    .where('export_key', '=', exportKey)
    .executeTakeFirst();

export type HeaderUpdate = Pick<
  Insertable<CaptureTable>,
  'datum' | 'lager' | 'belegdatum' | 'supplier_id' | 'art' | 'document_id' | 'header_updated_at' | 'header_device_id'
>;
export async function updateHeader(db: Db, captureId: number, header: HeaderUpdate, version: number) {
  await db
    .updateTable('capture')
    .set({ ...header, version })
    .where('id', '=', captureId)
    .execute();
}

export async function setVersion(db: Db, captureId: number, version: number) {
  await db.updateTable('capture').set({ version }).where('id', '=', captureId).execute();
}

export async function markExported(db: Db, captureId: number, exportKey: string, result: unknown) {
  await db
    .updateTable('capture')
    .set({ status: 'exported', export_key: exportKey, export_result: JSON.stringify(result), exported_at: new Date() })
    .where('id', '=', captureId)
    .execute();
}

/** Lines of a user by client id, wherever they are (open capture, exported capture, other module). */
export async function findLinesByClientIds(db: Db, userId: number, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('capture_line as l')
    .innerJoin('capture as c', 'c.id', 'l.capture_id')
    .innerJoin('article as a', 'a.id', 'l.article_id')
    .selectAll('l')
    .select(['c.status as capture_status', 'a.number as article_number', 'a.designation1 as designation'])
    .where('l.user_id', '=', userId)
    .where('l.client_id', 'in', [...new Set(clientIds)])
    .execute();
}

const WRITE_CHUNK = 800;
/** Inserts new lines and overwrites known ones (by user and client id) in chunks of one statement each. */
export async function upsertLines(db: Db, rows: readonly Insertable<CaptureLineTable>[]) {
  const ids = new Map<string, number>();
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const written = await db
      .insertInto('capture_line')
      .values(rows.slice(start, start + WRITE_CHUNK))
      .onConflict((oc) =>
        oc.columns(['user_id', 'client_id']).doUpdateSet((eb) => ({
          article_id: eb.ref('excluded.article_id'),
          ...Object.fromEntries(LINE_FIELD_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])),
          warnings: eb.ref('excluded.warnings'),
          captured_at: eb.ref('excluded.captured_at'),
          client_updated_at: eb.ref('excluded.client_updated_at'),
          device_id: eb.ref('excluded.device_id'),
          deleted: eb.ref('excluded.deleted'),
          version: eb.ref('excluded.version'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(['client_id', 'id'])
      .execute();
    for (const w of written) ids.set(w.client_id, w.id);
  }
  return ids;
}

/** Lines with their article's number and designation, id descending (docs/spec.md §3 capture list order). */
export function selectLines(db: Db) {
  return db
    .selectFrom('capture_line as l')
    .innerJoin('article as a', 'a.id', 'l.article_id')
    .selectAll('l')
    .select(['a.number as article_number', 'a.designation1 as designation'])
    .orderBy('l.id', 'desc');
}
export type LineWithArticle = LineRow & { article_number: string; designation: string };

export const listCaptureLines = (db: Db, captureId: number): Promise<LineWithArticle[]> =>
  selectLines(db).where('l.capture_id', '=', captureId).where('l.deleted', '=', false).execute();

export const findLine = (db: Db, userId: number, clientId: string): Promise<LineWithArticle | undefined> =>
  selectLines(db).where('l.user_id', '=', userId).where('l.client_id', '=', clientId).executeTakeFirst();

export async function assignLinesToDocument(db: Db, documentId: number, lineIds: readonly number[]) {
  if (lineIds.length === 0) return;
  await db
    .updateTable('capture_line')
    .set({ document_id: documentId })
    .where('id', 'in', [...lineIds])
    .execute();
}

/** Of the given documents (purchase orders or goods receipts), those a capture names in its header. */
export const capturesNamingDocuments = (
  db: Db,
  firmaId: number,
  art: DocumentVariant,
  documentIds: readonly number[],
) =>
  documentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('capture')
        .select('document_id')
        .distinct()
        .where('firma_id', '=', firmaId)
        .where('art', '=', art)
        .where('document_id', 'in', [...documentIds])
        .execute();
