import type { DeliveryNoteDetail } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { enqueueNoteChange, type NewNoteChange, pendingNoteChanges, setAsideNoteChanges } from './outbox';
import { type NoteChange, NoteOutboxDatabase } from './outbox-db';
import { syncNoteOutbox } from './outbox-sync';

const owner = { userId: 7, scope: '1:11' };
let db: NoteOutboxDatabase;
let n = 0;
beforeEach(() => {
  db = new NoteOutboxDatabase(`note-outbox-test-${++n}`);
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

const article = { articleId: 5, number: '100005', designation: 'Mehl', baseUnit: 'Stk' };
const scan = (noteId = 3): NewNoteChange => ({
  kind: 'scan',
  noteId,
  noteNumber: `LS${noteId}`,
  code: '4000000000005',
  article,
  base: 1,
  quantity: null,
});
const book = (noteId = 3): NewNoteChange => ({ ...scan(noteId), kind: 'book', code: null, article: null, base: null });
const answer = (id: number) => ({ id, number: `LS${id}` }) as DeliveryNoteDetail;

describe('syncNoteOutbox', () => {
  it('sends in order, once each, every change under its own key, and survives a new database handle', async () => {
    await enqueueNoteChange(owner, scan(), db);
    await enqueueNoteChange(owner, { ...scan(), kind: 'correct', code: null, base: null, quantity: 4 }, db);
    await enqueueNoteChange(owner, book(), db);
    // What a reload sees: the same rows from disk.
    const reopened = new NoteOutboxDatabase(db.name);
    expect((await pendingNoteChanges(owner, reopened)).map((c) => c.kind)).toEqual(['scan', 'correct', 'book']);
    reopened.close();

    const sent: NoteChange[] = [];
    const send = vi.fn(async (c: NoteChange) => {
      sent.push(c);
      return answer(c.noteId);
    });
    const applied: string[] = [];
    const report = await syncNoteOutbox(owner, { send, db, onApplied: (c) => void applied.push(c.kind) });
    expect(report).toMatchObject({ sent: 3, setAside: [], retryAt: null });
    expect(sent.map((c) => c.kind)).toEqual(['scan', 'correct', 'book']);
    expect(applied).toEqual(['scan', 'correct', 'book']);
    expect(new Set(sent.map((c) => c.key)).size).toBe(3);
    expect(await pendingNoteChanges(owner, db)).toEqual([]);
    expect((await syncNoteOutbox(owner, { send, db })).sent).toBe(0);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('keeps a change without answer, backs off, stops the run (order holds) and resends with the same key', async () => {
    await enqueueNoteChange(owner, scan(), db);
    await enqueueNoteChange(owner, book(), db);
    let t = 1_000_000;
    const keys: string[] = [];
    const failing = vi.fn(async (c: NoteChange): Promise<DeliveryNoteDetail> => {
      keys.push(c.key);
      throw new ApiError('Keine Verbindung', 0, 'NETWORK');
    });
    const first = await syncNoteOutbox(owner, { send: failing, db, now: () => t });
    expect(first).toMatchObject({ sent: 0, retryAt: t + 2_000 });
    expect(failing).toHaveBeenCalledTimes(1);
    await syncNoteOutbox(owner, { send: failing, db, now: () => t + 1_000 });
    expect(keys).toHaveLength(1);
    t += 2_000;
    const ok = vi.fn(async (c: NoteChange) => {
      keys.push(c.key);
      return answer(3);
    });
    expect((await syncNoteOutbox(owner, { send: ok, db, now: () => t })).sent).toBe(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('sets a booking of a note booked meanwhile aside with its code and goes on with the next change', async () => {
    await enqueueNoteChange(owner, book(3), db);
    await enqueueNoteChange(owner, scan(4), db);
    const send = async (c: NoteChange) => {
      if (c.noteId === 3) throw new ApiError('Der Lieferschein wurde bereits gebucht', 409, 'ALREADY_BOOKED');
      return answer(4);
    };
    const report = await syncNoteOutbox(owner, { send, db });
    expect(report).toMatchObject({
      sent: 1,
      setAside: [
        { noteNumber: 'LS3', kind: 'book', code: 'ALREADY_BOOKED', reason: 'Der Lieferschein wurde bereits gebucht' },
      ],
    });
    const aside = await setAsideNoteChanges(owner, db);
    expect(aside.map((a) => [a.code, a.change.kind, a.change.noteId])).toEqual([['ALREADY_BOOKED', 'book', 3]]);
    expect(await pendingNoteChanges(owner, db)).toEqual([]);
  });

  it("sends nothing offline and never another user's or another context's changes", async () => {
    await enqueueNoteChange({ userId: 8, scope: '1:11' }, scan(), db);
    await enqueueNoteChange({ userId: 7, scope: '1:12' }, scan(), db);
    const send = vi.fn();
    await syncNoteOutbox(owner, { send, db });
    expect(send).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { onLine: false });
    await enqueueNoteChange(owner, scan(), db);
    await syncNoteOutbox(owner, { send, db });
    expect(send).not.toHaveBeenCalled();
    expect(await pendingNoteChanges(owner, db)).toHaveLength(1);
  });
});
