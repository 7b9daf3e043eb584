import {
  type Assignment,
  assignmentLimitIssues,
  type CreateAssignment,
  type LocationDetail,
  type LocationProduct,
  STORAGE_MSG,
  type StorageLocation,
  type StorageSnapshot,
  type UpdateAssignment,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { recordEvent } from '../integration-events/record-event';
import * as repo from './storage-locations.repository';

export type Scope = repo.Scope;
/** Who changes a location's articles (the ERP's event names the user). */
export type Actor = Scope & { userId: number };

type LocationRow = NonNullable<Awaited<ReturnType<typeof repo.findLocation>>>;

const toLocation = (r: LocationRow): StorageLocation => ({
  id: r.id,
  code: r.code,
  name: r.name,
  zone: r.zone,
  type: r.location_type,
  barcode: r.barcode,
  warehouseId: r.warehouse_id,
  warehouseNumber: r.warehouse_number,
  warehouseName: r.warehouse_name,
  articleCount: Number(r.article_count ?? 0),
  belowMinCount: Number(r.below_min_count ?? 0),
});

const toAssignment = (r: repo.AssignmentRow): Assignment => ({
  locationId: r.location_id,
  articleId: r.article_id,
  number: r.number,
  designation1: r.designation1,
  designation2: r.designation2,
  baseUnit: r.base_unit,
  quantity: Number(r.quantity),
  minQuantity: Number(r.min_quantity),
  maxQuantity: Number(r.max_quantity),
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const locationNotFound = () => notFound(STORAGE_MSG.locationNotFound);
const versionConflict = () => conflict('VERSION_CONFLICT', STORAGE_MSG.versionConflict);

/** min ≤ max and nothing negative, with the field that is wrong (contracts: assignmentLimitIssues). */
function checkLimits(values: { quantity: number; minQuantity: number; maxQuantity: number }) {
  const issues = assignmentLimitIssues(values);
  const first = Object.values(issues)[0];
  if (first) throw badRequest(first, issues as Record<string, string>);
}

export async function listLocations(db: Db, scope: Scope): Promise<StorageLocation[]> {
  return (await repo.listLocations(db, scope)).map(toLocation);
}

async function requireLocation(db: Db, scope: Scope, id: number) {
  const row = await repo.findLocation(db, scope, id);
  if (!row) throw locationNotFound();
  return toLocation(row);
}

export async function locationDetail(db: Db, scope: Scope, id: number): Promise<LocationDetail> {
  const location = await requireLocation(db, scope, id);
  const rows = await repo.listAssignments(db, scope, id);
  return { location, assignments: rows.map(toAssignment) };
}

export async function locationProduct(db: Db, scope: Scope, id: number, articleId: number): Promise<LocationProduct> {
  const location = await requireLocation(db, scope, id);
  const article = await repo.findArticle(db, scope.firmaId, articleId);
  if (!article) throw notFound(STORAGE_MSG.articleNotFound);
  const row = await repo.findAssignment(db, scope, id, articleId);
  return {
    location,
    article: {
      articleId: article.id,
      number: article.number,
      designation1: article.designation1,
      designation2: article.designation2,
      baseUnit: article.base_unit,
    },
    assignment: row ? toAssignment(row) : null,
  };
}

export async function snapshot(db: Db, scope: Scope): Promise<StorageSnapshot> {
  const [locations, assignments] = await Promise.all([
    repo.listLocations(db, scope),
    repo.listAllAssignments(db, scope),
  ]);
  return { locations: locations.map(toLocation), assignments: assignments.map(toAssignment) };
}

async function reread(trx: Db, scope: Scope, id: number, articleId: number) {
  const row = await repo.findAssignment(trx, scope, id, articleId);
  if (!row) throw notFound(STORAGE_MSG.notAssigned);
  return toAssignment(row);
}

/** Assigns an article to a location; a second assign of the same pair is a 409, never a second row. */
export async function assign(trx: Db, scope: Actor, id: number, body: CreateAssignment): Promise<Assignment> {
  checkLimits(body);
  if (!(await repo.lockLocation(trx, scope, id))) throw locationNotFound();
  if (!(await repo.findArticle(trx, scope.firmaId, body.articleId))) throw notFound(STORAGE_MSG.articleNotFound);
  const inserted = await repo.insertAssignment(trx, scope.firmaId, id, body.articleId, body);
  if (!inserted) throw conflict('ALREADY_ASSIGNED', STORAGE_MSG.alreadyAssigned);
  const assignment = await reread(trx, scope, id, body.articleId);
  await recordLocationChange(trx, scope, { action: 'assigned', locationId: id, assignment });
  return assignment;
}

/**
 * Optimistic concurrency: the edit names the version it was made on. When someone saved in between the
 * row has a newer version, nothing is written and the user decides which values to keep (409).
 */
export async function update(
  trx: Db,
  scope: Actor,
  id: number,
  articleId: number,
  body: UpdateAssignment,
): Promise<Assignment> {
  checkLimits(body);
  if (!(await repo.lockLocation(trx, scope, id))) throw locationNotFound();
  const changed = await repo.updateAssignment(trx, scope.firmaId, id, articleId, body.version, body);
  if (!changed) {
    if (!(await repo.findAssignment(trx, scope, id, articleId))) throw notFound(STORAGE_MSG.notAssigned);
    throw versionConflict();
  }
  const assignment = await reread(trx, scope, id, articleId);
  await recordLocationChange(trx, scope, { action: 'updated', locationId: id, assignment });
  return assignment;
}

export async function unassign(trx: Db, scope: Actor, id: number, articleId: number, version: number) {
  if (!(await repo.lockLocation(trx, scope, id))) throw locationNotFound();
  const removed = await repo.deleteAssignment(trx, scope.firmaId, id, articleId, version);
  if (!removed) {
    if (!(await repo.findAssignment(trx, scope, id, articleId))) throw notFound(STORAGE_MSG.notAssigned);
    throw versionConflict();
  }
  await recordLocationChange(trx, scope, { action: 'removed', locationId: id, articleId });
}

/** The ERP gets each change of a location's articles in the feed, in the change's transaction. */
const recordLocationChange = (trx: Db, actor: Actor, document: Record<string, unknown>) =>
  recordEvent(trx, {
    type: 'storage-location.changed',
    firmaId: actor.firmaId,
    vkforgId: actor.vkforgId,
    userId: actor.userId,
    document,
  });
