import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureDatabase } from './capture-db';
import { countWaiting } from './capture-queries';
import { type LineDraft, queueExport, saveLine } from './capture-store';
import type { CaptureScope } from './rows';

let db: CaptureDatabase;
let n = 0;
beforeEach(() => {
  db = new CaptureDatabase(`count-waiting-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const mine: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };
const theirs: CaptureScope = { ...mine, owner: 8 };
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

describe('what waits for the server (the badge and the question before logout)', () => {
  it("counts the user's unsent lines and queued exports, never another user's", async () => {
    expect(await countWaiting(db, 7)).toBe(0);
    await saveLine(db, mine, draft(1));
    await saveLine(db, mine, draft(2));
    await saveLine(db, theirs, draft(3));
    expect(await countWaiting(db, 7)).toBe(2);
    await queueExport(db, mine, null);
    expect(await countWaiting(db, 7)).toBe(3);
    expect(await countWaiting(db, 8)).toBe(1);
  });
});
