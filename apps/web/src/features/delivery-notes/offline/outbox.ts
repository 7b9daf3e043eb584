import { type NoteChange, type NoteOutboxDatabase, noteOutboxDb } from './outbox-db';

export interface Owner {
  userId: number;
  scope: string;
}

export type NewNoteChange = Pick<
  NoteChange,
  'kind' | 'noteId' | 'noteNumber' | 'code' | 'article' | 'base' | 'quantity'
>;

/** Writes the change to disk first (strict durability); the sync sends it afterwards. */
export async function enqueueNoteChange(owner: Owner, change: NewNoteChange, db: NoteOutboxDatabase = noteOutboxDb) {
  return db.changes.add({
    ...change,
    owner: owner.userId,
    scope: owner.scope,
    key: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
  });
}

export const pendingNoteChanges = (owner: Owner, db: NoteOutboxDatabase = noteOutboxDb) =>
  db.changes.where('[owner+scope]').equals([owner.userId, owner.scope]).sortBy('id');

export const setAsideNoteChanges = (owner: Owner, db: NoteOutboxDatabase = noteOutboxDb) =>
  db.setAside.where('[owner+scope]').equals([owner.userId, owner.scope]).sortBy('id');

/** The user has read why a change was not sent: it goes. */
export const dismissSetAside = (id: number, db: NoteOutboxDatabase = noteOutboxDb) => db.setAside.delete(id);
