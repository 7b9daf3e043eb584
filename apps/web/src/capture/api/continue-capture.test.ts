import type { Capture } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureDatabase } from '../../offline/captures/capture-db';
import { listedLines, setHeader } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { openCaptureHeader } from './continue-capture';

let db: CaptureDatabase;
let n = 0;
beforeEach(() => {
  db = new CaptureDatabase(`continue-capture-test-${++n}`);
});
afterEach(() => db.delete());

const scope: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };
const started: Capture = {
  id: 5,
  module: 'inventory-count',
  vkforgId: 11,
  version: 3,
  header: {
    datum: null,
    lager: 1101,
    belegdatum: '2026-11-26',
    supplierId: null,
    supplierName: null,
    art: null,
    documentId: null,
  },
  lines: [
    {
      id: 9,
      clientId: 'from-the-phone',
      articleId: 1001,
      articleNumber: '1001',
      designation: 'Milch',
      quantity: 4,
      unit: 'Stück',
      factor: 1,
      storageLocation: null,
      reason: null,
      warnings: [],
      capturedAt: '2026-11-26T08:00:00.000Z',
      updatedAt: '2026-11-26T08:00:00.000Z',
      deleted: false,
      version: 2,
    },
  ],
};

describe('a device opening a module it has no open capture of', () => {
  it('continues the capture the user started on another device: its header and lines', async () => {
    const header = await openCaptureHeader(db, scope, async () => started);
    expect(header?.header).toMatchObject({ lager: 1101, belegdatum: '2026-11-26' });
    expect((await listedLines(db, scope).toArray()).map((l) => [l.clientId, l.quantity])).toEqual([
      ['from-the-phone', 4],
    ]);
  });

  it('keeps its own header and does not ask the server', async () => {
    await setHeader(db, scope, { lager: 1102, belegdatum: '2026-11-25' });
    const header = await openCaptureHeader(db, scope, () => Promise.reject(new Error('not asked')));
    expect(header?.header).toMatchObject({ lager: 1102 });
  });

  it('waits no longer than its limit for a slow server, and then asks the start step', async () => {
    const slow = () => new Promise<Capture>((resolve) => setTimeout(() => resolve(started), 2000));
    const before = performance.now();
    expect(await openCaptureHeader(db, scope, slow, 100)).toBeNull();
    expect(performance.now() - before).toBeLessThan(1000);
  });

  it('leaves a capture of another vkforg where it is', async () => {
    expect(await openCaptureHeader(db, scope, async () => ({ ...started, vkforgId: 12 }))).toBeNull();
  });
});
