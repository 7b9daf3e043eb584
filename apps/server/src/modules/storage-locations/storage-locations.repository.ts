import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The session's sales organisation: every location belongs to one vkforg of one firma. */
export interface Scope {
  firmaId: number;
  vkforgId: number;
}

const locationColumns = [
  'sl.id',
  'sl.code',
  'sl.name',
  'sl.zone',
  'sl.location_type',
  'sl.barcode',
  'w.id as warehouse_id',
  'w.number as warehouse_number',
  'w.name as warehouse_name',
] as const;

const locations = (db: Db, scope: Scope) =>
  db
    .selectFrom('storage_location as sl')
    .innerJoin('warehouse as w', 'w.id', 'sl.warehouse_id')
    .where('sl.firma_id', '=', scope.firmaId)
    .where('sl.vkforg_id', '=', scope.vkforgId)
    .select(locationColumns)
    .select((eb) => [
      eb
        .selectFrom('article_location as al')
        .whereRef('al.location_id', '=', 'sl.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('article_count'),
      eb
        .selectFrom('article_location as al')
        .whereRef('al.location_id', '=', 'sl.id')
        .whereRef('al.quantity', '<', 'al.min_quantity')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('below_min_count'),
    ]);

export const listLocations = (db: Db, scope: Scope) =>
  locations(db, scope).orderBy('w.number').orderBy('sl.zone').orderBy('sl.code').execute();

export const findLocation = (db: Db, scope: Scope, id: number) =>
  locations(db, scope).where('sl.id', '=', id).executeTakeFirst();

/** Locks the location row, so a change and a removal of the same location's rows take turns. */
export const lockLocation = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('storage_location')
    .select('id')
    .where('id', '=', id)
    .where('firma_id', '=', scope.firmaId)
    .where('vkforg_id', '=', scope.vkforgId)
    .forShare()
    .executeTakeFirst();

export const findArticle = (db: Db, firmaId: number, articleId: number) =>
  db
    .selectFrom('article')
    .select(['id', 'number', 'designation1', 'designation2', 'base_unit'])
    .where('firma_id', '=', firmaId)
    .where('id', '=', articleId)
    .executeTakeFirst();

const assignments = (db: Db, scope: Scope) =>
  db
    .selectFrom('article_location as al')
    .innerJoin('storage_location as sl', 'sl.id', 'al.location_id')
    .innerJoin('article as a', 'a.id', 'al.article_id')
    .where('sl.firma_id', '=', scope.firmaId)
    .where('sl.vkforg_id', '=', scope.vkforgId)
    .select([
      'al.location_id',
      'al.article_id',
      'a.number',
      'a.designation1',
      'a.designation2',
      'a.base_unit',
      'al.quantity',
      'al.min_quantity',
      'al.max_quantity',
      'al.version',
      'al.updated_at',
    ]);

export type AssignmentRow = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

/** Spec'd order of the Lagerplatz Artikel list: by designation. */
export const listAssignments = (db: Db, scope: Scope, locationId: number) =>
  assignments(db, scope)
    .where('al.location_id', '=', locationId)
    .orderBy('a.designation1')
    .orderBy('a.designation2')
    .orderBy('a.number')
    .execute();

export const listAllAssignments = (db: Db, scope: Scope) =>
  assignments(db, scope).orderBy('al.location_id').orderBy('a.designation1').orderBy('a.number').execute();

export const findAssignment = (db: Db, scope: Scope, locationId: number, articleId: number) =>
  assignments(db, scope)
    .where('al.location_id', '=', locationId)
    .where('al.article_id', '=', articleId)
    .executeTakeFirst();

export interface Figures {
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
}

/** Undefined when the article is already there (a parallel assign lost the race). */
export const insertAssignment = (db: Db, firmaId: number, locationId: number, articleId: number, f: Figures) =>
  db
    .insertInto('article_location')
    .values({
      firma_id: firmaId,
      location_id: locationId,
      article_id: articleId,
      quantity: f.quantity,
      min_quantity: f.minQuantity,
      max_quantity: f.maxQuantity,
    })
    .onConflict((oc) => oc.columns(['location_id', 'article_id']).doNothing())
    .returning('article_id')
    .executeTakeFirst();

/** Conditioned on the version the edit started from: a stale edit changes nothing (undefined). */
export const updateAssignment = (
  db: Db,
  firmaId: number,
  locationId: number,
  articleId: number,
  version: number,
  f: Figures,
) =>
  db
    .updateTable('article_location')
    .set((eb) => ({
      quantity: f.quantity,
      min_quantity: f.minQuantity,
      max_quantity: f.maxQuantity,
      version: eb('version', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('firma_id', '=', firmaId)
    .where('location_id', '=', locationId)
    .where('article_id', '=', articleId)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();

export const deleteAssignment = (db: Db, firmaId: number, locationId: number, articleId: number, version: number) =>
  db
    .deleteFrom('article_location')
    .where('firma_id', '=', firmaId)
    .where('location_id', '=', locationId)
    .where('article_id', '=', articleId)
    .where('version', '=', version)
    .returning('article_id')
    .executeTakeFirst();
