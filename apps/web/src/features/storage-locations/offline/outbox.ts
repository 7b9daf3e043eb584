import type { AssignedArticle, AssignmentValues } from '@mde/contracts';
import { type ChangeKind, type StorageChange, type StorageOutboxDatabase, storageOutboxDb } from './outbox-db';

export interface Owner {
  userId: number;
  scope: string;
}

export interface NewChange {
  kind: ChangeKind;
  locationId: number;
  locationCode: string;
  article: AssignedArticle;
  values: AssignmentValues | null;
  baseVersion: number;
}

const newKey = () => crypto.randomUUID();

/** Writes the change to disk first (strict durability); the sync sends it afterwards. */
export async function enqueueChange(owner: Owner, change: NewChange, db: StorageOutboxDatabase = storageOutboxDb) {
  const row: StorageChange = {
    ...change,
    owner: owner.userId,
    scope: owner.scope,
    key: newKey(),
    createdAt: new Date().toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
    conflict: null,
  };
  return db.changes.add(row);
}

export const pendingChanges = (owner: Owner, db: StorageOutboxDatabase = storageOutboxDb) =>
  db.changes.where('[owner+scope]').equals([owner.userId, owner.scope]).sortBy('id');

/**
 * The user's answer to a conflict. "Mine": the change is sent again on top of the server's current row
 * (with a new key: it is a new decision); a removed row is assigned again. "Theirs": the change is dropped.
 */
export async function resolveConflict(
  id: number,
  keep: 'mine' | 'theirs',
  db: StorageOutboxDatabase = storageOutboxDb,
): Promise<void> {
  await db.transaction('rw', db.changes, async () => {
    const change = await db.changes.get(id);
    if (!change?.conflict) return;
    if (keep === 'theirs') {
      await db.changes.delete(id);
      return;
    }
    const server = change.conflict.server;
    let kind: ChangeKind = change.kind;
    if (!server && change.kind !== 'remove') kind = 'assign';
    if (server && change.kind === 'assign') kind = 'update';
    if (!server && change.kind === 'remove') {
      // Already gone on the server: what the user wanted is done.
      await db.changes.delete(id);
      return;
    }
    const baseVersion = server?.version ?? 0;
    // The user's later edits of the same row were made on top of this one: they move along with it.
    await db.changes
      .where('[owner+scope]')
      .equals([change.owner, change.scope])
      .filter(
        (c) =>
          (c.id ?? 0) > id &&
          c.locationId === change.locationId &&
          c.article.articleId === change.article.articleId &&
          c.baseVersion === change.baseVersion,
      )
      .modify({ baseVersion });
    await db.changes.update(id, {
      kind,
      baseVersion,
      key: newKey(),
      conflict: null,
      attempts: 0,
      nextAttemptAt: 0,
    });
  });
}
