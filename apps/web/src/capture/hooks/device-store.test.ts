import { afterEach, describe, expect, it } from 'vitest';
import { captureDb } from '../../offline/captures/capture-db';
import type { LineDraft } from '../../offline/captures/capture-store';
import {
  type CaptureScope,
  countListedLines,
  countPendingLinesOnDevice,
  countWaiting,
  deleteLine,
  lineByClientId,
  restoreLine,
  saveLines,
} from './device-store';

// The screens' device store works on this device's database with the arguments the screen gives.
afterEach(async () => {
  await Promise.all(captureDb.tables.map((table) => table.clear()));
});

const scope: CaptureScope = { owner: 7, module: 'returns', vkforgId: 11 };
const draft = (i: number): LineDraft => ({
  clientId: `bound-${i}`,
  articleId: 2000 + i,
  articleNumber: String(2000 + i),
  designation: `Artikel ${i}`,
  quantity: 2,
  unit: 'Stück',
  factor: 1,
  storageLocation: null,
  reason: null,
  capturedAt: new Date().toISOString(),
});

describe('the device store bound to the device database', () => {
  it('saves, counts, deletes and restores the lines of the given capture', async () => {
    expect(await saveLines(scope, [draft(1), draft(2)])).toBe(2);
    expect(await countListedLines(scope)).toBe(2);
    expect(await countListedLines({ ...scope, owner: 8 })).toBe(0);
    expect(await countWaiting(7)).toBe(2);
    expect(await countPendingLinesOnDevice()).toBe(2);
    const deleted = await deleteLine('bound-1');
    expect(await countListedLines(scope)).toBe(1);
    if (deleted) await restoreLine(deleted);
    expect(await countListedLines(scope)).toBe(2);
    expect((await lineByClientId('bound-2'))?.articleId).toBe(2002);
  });
});
