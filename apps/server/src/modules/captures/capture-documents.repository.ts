import type { CaptureModule } from '@mde/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import {
  afterPosition,
  type DocumentListFilter,
  dayEnd,
  dayStart,
  microsOf,
  SOURCE_RANK,
} from '../integration-events/document-list';
import { type LineWithArticle, selectLines } from './captures.repository';
import type { CaptureDocumentTable } from './captures.tables';

/**
 * The next number of the firma, module and year. The counter row is taken with an upsert … returning
 * inside the export transaction: concurrent exports queue on the row and a rollback returns the number,
 * so the sequence has no gaps.
 */
export async function nextDocumentSequence(
  db: Db,
  firmaId: number,
  module: CaptureModule,
  year: number,
): Promise<number> {
  const row = await db
    .insertInto('capture_number_counter')
    .values({ firma_id: firmaId, module, year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['firma_id', 'module', 'year'])
        .doUpdateSet({ last_number: sql`capture_number_counter.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertDocument(db: Db, values: Insertable<CaptureDocumentTable>) {
  return db.insertInto('capture_document').values(values).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

const documents = (db: Db) =>
  db
    .selectFrom('capture_document as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .leftJoin('supplier as s', 's.id', 'd.supplier_id')
    .selectAll('d')
    .select(['u.full_name as created_by', 'u.username as user_name', 's.name as supplier_name'])
    .select((eb) =>
      eb
        .selectFrom('capture_line as l')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.document_id', '=', 'd.id')
        .where('l.deleted', '=', false)
        .as('line_count'),
    );
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof documents>['executeTakeFirstOrThrow']>>;

export interface DocumentScope {
  firmaId: number;
  vkforgId: number;
  module: CaptureModule;
}
export const listDocuments = (db: Db, scope: DocumentScope, since: Date) =>
  documents(db)
    .where('d.firma_id', '=', scope.firmaId)
    .where('d.vkforg_id', '=', scope.vkforgId)
    .where('d.module', '=', scope.module)
    .where('d.created_at', '>=', since)
    .orderBy('d.id', 'desc')
    .execute();

export const findDocument = (db: Db, scope: DocumentScope, id: number) =>
  documents(db)
    .where('d.id', '=', id)
    .where('d.firma_id', '=', scope.firmaId)
    .where('d.vkforg_id', '=', scope.vkforgId)
    .where('d.module', '=', scope.module)
    .executeTakeFirst();

/** A document of any user and store of the firmas given, for the ERP (GET /api/integration/v1/documents/{id}). */
export const findExportedDocument = (
  db: Db,
  id: number,
  module: CaptureModule,
  firmaIds: readonly number[] | 'all',
) => {
  if (firmaIds !== 'all' && firmaIds.length === 0) return Promise.resolve(undefined);
  let query = documents(db).where('d.id', '=', id).where('d.module', '=', module);
  if (firmaIds !== 'all') query = query.where('d.firma_id', 'in', [...firmaIds]);
  return query.executeTakeFirst();
};

/** The ERP's list of exported documents: a page after the cursor, oldest first (integration-events/document-list.ts). */
export async function listExportedDocuments(
  db: Db,
  filter: DocumentListFilter & { modules: readonly CaptureModule[] },
) {
  if ((filter.firmaIds !== 'all' && filter.firmaIds.length === 0) || filter.modules.length === 0) return [];
  let query = db
    .selectFrom('capture_document as d')
    .innerJoin('vkforg as v', 'v.id', 'd.vkforg_id')
    .select(['d.id', 'd.module', 'd.number', 'd.created_at', 'd.firma_id', 'd.vkforg_id', 'v.vkforg as vkforg_number'])
    .select(microsOf('d.created_at').as('micros'))
    .select((eb) =>
      eb
        .selectFrom('capture_line as l')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.document_id', '=', 'd.id')
        .where('l.deleted', '=', false)
        .as('line_count'),
    )
    .where('d.module', 'in', [...filter.modules])
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(filter.limit);
  if (filter.firmaIds !== 'all') query = query.where('d.firma_id', 'in', [...filter.firmaIds]);
  if (filter.firma !== undefined) query = query.where('d.firma_id', '=', filter.firma);
  if (filter.vkforg !== undefined) query = query.where('v.vkforg', '=', filter.vkforg);
  if (filter.from !== undefined) query = query.where('d.created_at', '>=', dayStart(filter.from));
  if (filter.to !== undefined) query = query.where('d.created_at', '<', dayEnd(filter.to));
  const after = filter.after;
  if (after) query = query.where(afterPosition('d.created_at', 'd.id', SOURCE_RANK.capture, after));
  return query.execute();
}

export const documentLines = (db: Db, documentId: number): Promise<LineWithArticle[]> =>
  selectLines(db).where('l.document_id', '=', documentId).where('l.deleted', '=', false).execute();

export async function findUserName(db: Db, userId: number) {
  const row = await db.selectFrom('app_user').select('full_name').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.full_name;
}
