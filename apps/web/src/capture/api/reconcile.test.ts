import type { Capture, CaptureLine } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureDatabase } from '../../offline/captures/capture-db';
import { listedLines, saveLine } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { changesOnTheirWay, reconcileCapture } from './reconcile';

let db: CaptureDatabase;
let n = 0;
beforeEach(() => {
  db = new CaptureDatabase(`reconcile-test-${++n}`);
});
afterEach(() => db.delete());

const scope: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };
const serverLine = (clientId: string, quantity: number, id: number): CaptureLine => ({
  id,
  clientId,
  articleId: 1000 + id,
  articleNumber: String(1000 + id),
  designation: `Artikel ${id}`,
  quantity,
  unit: 'Stück',
  factor: 1,
  storageLocation: null,
  reason: null,
  warnings: [],
  capturedAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  deleted: false,
  version: 1,
});
const capture = (lines: CaptureLine[]): Capture => ({
  id: 1,
  module: 'inventory-count',
  vkforgId: 11,
  version: 1,
  header: {
    datum: null,
    lager: 1101,
    belegdatum: '2026-11-22',
    supplierId: null,
    supplierName: null,
    art: null,
    documentId: null,
  },
  lines,
});
const draft = (clientId: string, quantity: number) => ({
  clientId,
  articleId: 1,
  articleNumber: '1',
  designation: 'Lokal',
  quantity,
  unit: 'Stück',
  factor: 1,
  storageLocation: null,
  reason: null,
  capturedAt: '2026-11-22T08:00:00.000Z',
});

describe('bringing the server capture onto the device', () => {
  it('adds lines from the user’s other devices and takes the header when the device has none', async () => {
    await reconcileCapture(db, scope, capture([serverLine('a', 3, 1)]));
    expect(await db.lines.get('a')).toMatchObject({ quantity: 3, state: 'synced' });
    expect((await db.headers.toArray())[0]?.header).toMatchObject({ lager: 1101, belegdatum: '2026-11-22' });
  });

  it('takes a header that holds only the checked document (Warenverprobung: art and document)', async () => {
    const c = capture([]);
    c.header = { ...c.header, lager: null, belegdatum: null, art: 'BESTELLUNG', documentId: 42 };
    await reconcileCapture(db, scope, c);
    expect((await db.headers.toArray())[0]?.header).toMatchObject({ art: 'BESTELLUNG', documentId: 42 });
  });

  it('never overwrites a line whose change is still on its way', async () => {
    await saveLine(db, scope, draft('b', 9));
    await reconcileCapture(db, scope, capture([serverLine('b', 1, 2)]));
    expect(await db.lines.get('b')).toMatchObject({ quantity: 9, state: 'pending' });
  });

  it('keeps a change that was on its way when the server was asked and has arrived since (the answer is older)', async () => {
    await reconcileCapture(db, scope, capture([serverLine('d', 1, 4)]));
    // A correction to 9 is saved as the list asks the server for the capture …
    await saveLine(db, scope, { ...draft('d', 9), articleId: 1004, articleNumber: '1004', designation: 'Artikel 4' });
    // … and a line is scanned.
    await saveLine(db, scope, draft('e', 2));
    const asked = await changesOnTheirWay(db, scope);
    // Both reach the server before its answer to the list does, which still shows the capture before them.
    await db.outbox.clear();
    await db.lines.bulkUpdate([
      { key: 'd', changes: { state: 'synced' } },
      { key: 'e', changes: { state: 'synced' } },
    ]);
    await reconcileCapture(db, scope, capture([serverLine('d', 1, 4)]), asked);
    expect(await db.lines.get('d')).toMatchObject({ quantity: 9 });
    expect(await db.lines.get('e')).toMatchObject({ quantity: 2 });
  });

  it('drops a synced line the server no longer has (exported or deleted on another device)', async () => {
    await reconcileCapture(db, scope, capture([serverLine('c', 1, 3)]));
    await reconcileCapture(db, scope, capture([]));
    expect(await db.lines.get('c')).toBeUndefined();
  });

  it('lists lines from other devices by id descending above the older lines of this device (spec §3)', async () => {
    await saveLine(db, scope, draft('mine', 1));
    await db.lines.update('mine', { state: 'synced' });
    // the server's answer lists its lines in any order; 'mine' got id 3 when it arrived
    await reconcileCapture(
      db,
      scope,
      capture([serverLine('b', 1, 9), serverLine('mine', 1, 3), serverLine('a', 1, 5)]),
    );
    const order = async () => (await listedLines(db, scope).toArray()).map((l) => l.clientId);
    expect(await order()).toEqual(['b', 'a', 'mine']);
    await saveLine(db, scope, draft('later', 1));
    expect(await order()).toEqual(['later', 'b', 'a', 'mine']);
  });
});
