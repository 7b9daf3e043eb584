import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchBackend } from './import-bench';
import { pgliteTarget } from './targets';

// The bench's steps at a tiny size on PGlite, as `npm run bench -- import` runs them at full size: what each step
// counts and writes, never how long it took (figures come from the bench, not from tests).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-bench-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('import bench at a tiny size', () => {
  it('imports beside the paced load, copies the same rows, re-imports writing nothing, refreshes a device', async () => {
    const result = await benchBackend(pgliteTarget(dir), {
      articles: 120,
      seedArticles: 20,
      lookupsPerSecond: 20,
      syncsPerSecond: 4,
      changeEvery: 10,
      settleMs: 0,
      dir,
    });
    expect(result.first.line).toContain('120 neu, 0 geändert, 0 unverändert, 0 abgewiesen');
    // Each article: itself, 2 units, 2 codes, a price, a listing and its summary row.
    expect(result.first.rowsWritten).toBe(120 * 8);
    expect(result.copy.rows).toBe(120 * 7);
    expect(result.again.line).toContain('0 neu, 0 geändert, 120 unverändert');
    expect(result.again.rowsWritten).toBe(0);
    expect(result.changed.articles).toBe(12);
    expect(result.changed.run.line).toContain('0 neu, 12 geändert, 108 unverändert');
    expect(result.changed.full.items).toBeGreaterThanOrEqual(120);
    expect(result.changed.delta.items).toBeGreaterThanOrEqual(12);
    expect(result.lookups.count).toBeGreaterThan(0);
    expect(result.syncs.count).toBeGreaterThan(0);
  }, 180_000);
});
