import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureDatabase } from './capture-db';
import {
  deleteLine,
  type LineDraft,
  listedLines,
  queueExport,
  restoreLine,
  saveLine,
  setHeader,
} from './capture-store';
import type { CaptureScope } from './rows';
import { toSyncChange } from './sync-batch';

let db: CaptureDatabase;
let n = 0;
beforeEach(() => {
  db = new CaptureDatabase(`capture-store-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const scope: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };
const draft = (i: number): LineDraft => ({
  clientId: `line-${i}`,
  articleId: 1000 + i,
  articleNumber: String(1000 + i),
  designation: `Artikel ${i}`,
  quantity: 1,
  unit: 'Stück',
  factor: 1,
  storageLocation: null,
  reason: null,
  capturedAt: new Date().toISOString(),
});
const listed = async (s = scope) => (await listedLines(db, s).toArray()).map((l) => l.clientId);

describe('the capture list index', () => {
  it('reads the open lines newest first and leaves deleted ones out until they are restored', async () => {
    for (const i of [1, 2, 3]) await saveLine(db, scope, draft(i));
    expect(await listed()).toEqual(['line-3', 'line-2', 'line-1']);

    const removed = await deleteLine(db, 'line-2');
    expect(await listed()).toEqual(['line-3', 'line-1']);
    expect(await listedLines(db, scope).count()).toBe(2);

    if (removed) await restoreLine(db, removed);
    expect(await listed()).toEqual(['line-3', 'line-2', 'line-1']);
  });

  it('keeps an edited line in its place and limits a page to the newest lines', async () => {
    for (const i of [1, 2, 3, 4]) await saveLine(db, scope, draft(i));
    await saveLine(db, scope, { ...draft(1), quantity: 5 });
    expect(await listed()).toEqual(['line-4', 'line-3', 'line-2', 'line-1']);
    const page = await listedLines(db, scope).limit(2).toArray();
    expect(page.map((l) => l.clientId)).toEqual(['line-4', 'line-3']);
  });

  it('empties the list on export and shows only the scope’s own lines', async () => {
    const other: CaptureScope = { ...scope, owner: 8 };
    await saveLine(db, scope, draft(1));
    await saveLine(db, other, draft(2));
    await queueExport(db, scope, null);
    expect(await listed()).toEqual([]);
    expect(await listed(other)).toEqual(['line-2']);
    expect(await db.lines.count()).toBe(2);
  });

  it('the queued export carries the position of the moment the user exported, sent whenever the network allows', async () => {
    const position = {
      gpslaenge: 9.9937,
      gpsbreite: 53.5511,
      gpshoehe: null,
      genauigkeit: 8,
      genauigkeithoehe: null,
      richtung: null,
      geschwindigkeit: null,
    };
    await saveLine(db, scope, draft(1));
    const key = await queueExport(db, scope, true, position);
    const queued = (await db.outbox.toArray()).find((e) => e.kind === 'export');
    expect(queued).toMatchObject({ clientId: key, payload: { edi: true, position } });
    await saveLine(db, scope, draft(2));
    await queueExport(db, scope, null);
    const second = (await db.outbox.toArray()).filter((e) => e.kind === 'export')[1];
    expect(second?.payload).toEqual({});
  });

  it('a line is sent with the header the screen showed, so it never waits for a header the user did choose', async () => {
    await setHeader(db, scope, { lager: 1101, belegdatum: '2026-11-26' });
    await saveLine(db, scope, draft(1));
    const deleted = await deleteLine(db, 'line-1');
    if (deleted) await restoreLine(db, deleted);
    const lines = (await db.outbox.toArray()).filter((e) => e.kind === 'upsert-line').map(toSyncChange);
    expect(lines).toHaveLength(2);
    for (const change of lines) expect(change.header).toMatchObject({ lager: 1101, belegdatum: '2026-11-26' });
  });
});
