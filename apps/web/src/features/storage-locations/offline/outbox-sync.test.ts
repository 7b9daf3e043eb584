import type { Assignment } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { enqueueChange, type NewChange, pendingChanges, resolveConflict } from './outbox';
import { type StorageChange, StorageOutboxDatabase } from './outbox-db';
import { syncOutbox } from './outbox-sync';

const owner = { userId: 7, scope: '1:11' };
let db: StorageOutboxDatabase;
let n = 0;
beforeEach(() => {
  db = new StorageOutboxDatabase(`outbox-test-${++n}`);
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

const article = { articleId: 5, number: '100005', designation1: 'Mehl', designation2: '', baseUnit: 'Stk' };
const edit = (quantity: number, baseVersion = 1, kind: NewChange['kind'] = 'update'): NewChange => ({
  kind,
  locationId: 3,
  locationCode: '01-01-1',
  article,
  values: kind === 'remove' ? null : { quantity, minQuantity: 0, maxQuantity: 50 },
  baseVersion,
});
const row = (quantity: number, version: number): Assignment => ({
  ...article,
  locationId: 3,
  quantity,
  minQuantity: 0,
  maxQuantity: 50,
  version,
  updatedAt: '2026-11-26T08:00:00.000Z',
});

describe('syncOutbox', () => {
  it('sends in order, once each, and rebases later edits of the same row on the new version', async () => {
    await enqueueChange(owner, edit(3), db);
    await enqueueChange(owner, edit(4), db);
    const sent: StorageChange[] = [];
    let version = 1;
    const send = vi.fn(async (c: StorageChange) => {
      sent.push(c);
      if (c.baseVersion !== version) throw new ApiError('Konflikt', 409, 'VERSION_CONFLICT');
      version++;
      return row(c.values?.quantity ?? 0, version);
    });
    const report = await syncOutbox(owner, { send, fetchServer: async () => null, db });
    expect(report).toMatchObject({ sent: 2, conflicts: 0, setAside: [] });
    expect(sent.map((c) => [c.values?.quantity, c.baseVersion])).toEqual([
      [3, 1],
      [4, 2],
    ]);
    expect(new Set(sent.map((c) => c.key)).size).toBe(2);
    expect(await pendingChanges(owner, db)).toEqual([]);
    // a second run sends nothing again
    expect((await syncOutbox(owner, { send, fetchServer: async () => null, db })).sent).toBe(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a change without answer, backs off and sends it later with the same key', async () => {
    await enqueueChange(owner, edit(3), db);
    let t = 1_000_000;
    const keys: string[] = [];
    const failing = async (c: StorageChange) => {
      keys.push(c.key);
      throw new ApiError('Keine Verbindung', 0, 'NETWORK');
    };
    const first = await syncOutbox(owner, { send: failing, fetchServer: async () => null, db, now: () => t });
    expect(first).toMatchObject({ sent: 0, retryAt: t + 2_000 });
    // not yet due: nothing is sent
    await syncOutbox(owner, { send: failing, fetchServer: async () => null, db, now: () => t + 1_000 });
    expect(keys).toHaveLength(1);
    t += 2_000;
    const ok = vi.fn(async (c: StorageChange) => {
      keys.push(c.key);
      return row(3, 2);
    });
    expect((await syncOutbox(owner, { send: ok, fetchServer: async () => null, db, now: () => t })).sent).toBe(1);
    expect(keys[0]).toBe(keys[1]);
  });

  it('sends nothing while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await enqueueChange(owner, edit(3), db);
    const send = vi.fn();
    await syncOutbox(owner, { send, fetchServer: async () => null, db });
    expect(send).not.toHaveBeenCalled();
    expect(await pendingChanges(owner, db)).toHaveLength(1);
  });

  it("sets a refused change aside with the server's reason and goes on with the next", async () => {
    await enqueueChange(owner, edit(3), db);
    await enqueueChange(owner, { ...edit(1), locationId: 4 }, db);
    const send = async (c: StorageChange) => {
      if (c.locationId === 3) throw new ApiError('Der Lagerplatz wurde nicht gefunden', 404, 'NOT_FOUND');
      return row(1, 2);
    };
    const report = await syncOutbox(owner, { send, fetchServer: async () => null, db });
    expect(report).toMatchObject({ sent: 1, setAside: ['Der Lagerplatz wurde nicht gefunden'] });
    const aside = await db.setAside.toArray();
    expect(aside.map((a) => [a.reason, a.change.values?.quantity])).toEqual([
      ['Der Lagerplatz wurde nicht gefunden', 3],
    ]);
    expect(await pendingChanges(owner, db)).toEqual([]);
  });

  it('holds a conflicting change and the later ones of its row until the user chooses', async () => {
    await enqueueChange(owner, edit(3), db);
    await enqueueChange(owner, edit(4), db);
    const server = row(9, 5);
    let version = 5;
    const send = vi.fn(async (c: StorageChange) => {
      if (c.baseVersion !== version) throw new ApiError('Konflikt', 409, 'VERSION_CONFLICT');
      version++;
      return row(c.values?.quantity ?? 0, version);
    });
    const report = await syncOutbox(owner, { send, fetchServer: async () => server, db });
    expect(report).toMatchObject({ sent: 0, conflicts: 1 });
    expect(send).toHaveBeenCalledTimes(1);
    const [first] = await pendingChanges(owner, db);
    expect(first?.conflict).toEqual({ server });

    await resolveConflict(first?.id ?? 0, 'mine', db);
    const again = await syncOutbox(owner, { send, fetchServer: async () => server, db });
    // mine on top of version 5; the next edit follows on version 6
    expect(again.sent).toBe(2);
    expect(send.mock.calls.slice(1).map(([c]) => [c.values?.quantity, c.baseVersion])).toEqual([
      [3, 5],
      [4, 6],
    ]);
  });

  it("drops the user's change when the server's values are kept", async () => {
    const id = (await enqueueChange(owner, edit(3), db)) ?? 0;
    await db.changes.update(id, { conflict: { server: row(9, 5) } });
    await resolveConflict(id, 'theirs', db);
    expect(await pendingChanges(owner, db)).toEqual([]);
  });

  it("never sends another user's or another context's changes", async () => {
    await enqueueChange({ userId: 8, scope: '1:11' }, edit(3), db);
    await enqueueChange({ userId: 7, scope: '1:12' }, edit(3), db);
    const send = vi.fn();
    await syncOutbox(owner, { send, fetchServer: async () => null, db });
    expect(send).not.toHaveBeenCalled();
  });
});
