import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { type NoteChange, NoteOutboxDatabase } from './outbox-db';
import { countNoteChanges } from './outbox-runner';

const db = new NoteOutboxDatabase('note-count-test');
afterEach(() => db.delete());

const change = (owner: number, scope: string): NoteChange => ({
  owner,
  scope,
  key: crypto.randomUUID(),
  kind: 'scan',
  noteId: 1,
  noteNumber: 'LS-1',
  code: '4000000000001',
  article: null,
  base: null,
  quantity: null,
  createdAt: new Date().toISOString(),
  attempts: 0,
  nextAttemptAt: 0,
});

describe('the device report counts delivery-note changes', () => {
  it('counts the user’s waiting and set-aside changes in every scope, not another user’s', async () => {
    await db.changes.bulkAdd([change(7, '1:11'), change(7, '2:21'), change(8, '1:11')]);
    await db.setAside.add({ owner: 7, scope: '1:11', change: change(7, '1:11'), reason: 'x', code: 'X', at: '' });
    expect(await countNoteChanges(7, db)).toEqual({ waiting: 2, setAside: 1 });
    expect(await countNoteChanges(8, db)).toEqual({ waiting: 1, setAside: 0 });
    expect(await countNoteChanges(9, db)).toEqual({ waiting: 0, setAside: 0 });
  });
});
