import type { CaptureDatabase } from './capture-db';
import { type CaptureScope, headerKey } from './rows';

// The capture device store's reads: the one place that knows its tables and compound indexes. Screens reach
// them bound to the device's database through capture/hooks (docs/conventions.md#layer-rules).

/**
 * What waits for the server (the badge, the question before logout): counted by key, a line waits while its
 * state is 'pending' (it has a change in the outbox), an export while it is queued; a 5,000-line backlog
 * costs two counts, not a read of the outbox.
 */
export async function countWaiting(db: CaptureDatabase, owner: number): Promise<number> {
  const lines = await db.lines.where('[owner+state]').equals([owner, 'pending']).count();
  const exports = await db.exports.where('[owner+state]').equals([owner, 'queued']).count();
  return lines + exports;
}

/** Lines of any user on this device that have not reached the server (the login page's note). */
export const countPendingLinesOnDevice = (db: CaptureDatabase) =>
  db.lines.filter((line) => line.state === 'pending').count();

export const countRejected = (db: CaptureDatabase, owner: number) => db.rejected.where('owner').equals(owner).count();

export const rejectedOf = (db: CaptureDatabase, owner: number) => db.rejected.where('owner').equals(owner).toArray();

/** Of the given lines, those still on the device, not deleted and not exported: the ones that may be edited. */
export async function editableLineIds(db: CaptureDatabase, clientIds: string[]): Promise<Set<string | undefined>> {
  const lines = await db.lines.bulkGet(clientIds);
  return new Set(lines.filter((l) => l && !l.deleted && l.exportKey === null).map((l) => l?.clientId));
}

/** The open capture's lines of one article that are neither deleted nor exported. */
export const openLinesOfArticle = (db: CaptureDatabase, scope: CaptureScope, articleId: number) =>
  db.lines
    .where('[owner+module+vkforgId+articleId]')
    .equals([scope.owner, scope.module, scope.vkforgId, articleId])
    .filter((l) => !l.deleted && l.exportKey === null)
    .toArray();

export const lineByClientId = (db: CaptureDatabase, clientId: string) => db.lines.get(clientId);

export const headerOf = async (db: CaptureDatabase, scope: CaptureScope) =>
  (await db.headers.get(headerKey(scope))) ?? null;

/** The newest export of the capture's module, for the document number after the export. */
export async function latestExport(db: CaptureDatabase, scope: CaptureScope) {
  const rows = await db.exports
    .where('[owner+module+vkforgId]')
    .equals([scope.owner, scope.module, scope.vkforgId])
    .toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}

export const unresolvedCodesOf = (db: CaptureDatabase, scope: CaptureScope) =>
  db.unresolved.where('[owner+module+vkforgId]').equals([scope.owner, scope.module, scope.vkforgId]).toArray();
