import type { Assignment, StorageSnapshot } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { patchAssignment, patchLocation } from './snapshot-patch';

const row = (locationId: number, articleId: number, quantity: number): Assignment => ({
  locationId,
  articleId,
  number: String(articleId),
  designation1: 'A',
  designation2: '',
  baseUnit: 'Stk',
  quantity,
  minQuantity: 0,
  maxQuantity: 10,
  version: 1,
  updatedAt: '',
});
const snap: StorageSnapshot = { locations: [], assignments: [row(1, 1, 1), row(1, 2, 2), row(2, 1, 3)] };

describe('snapshot patches', () => {
  it("replaces, adds and removes one pair's row", () => {
    expect(patchAssignment(snap, 1, 2, row(1, 2, 9)).assignments.map((a) => a.quantity)).toEqual([1, 3, 9]);
    expect(patchAssignment(snap, 3, 1, row(3, 1, 4)).assignments).toHaveLength(4);
    expect(patchAssignment(snap, 1, 1, null).assignments.map((a) => [a.locationId, a.articleId])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it("replaces a location's rows with the fresh list", () => {
    const patched = patchLocation(snap, 1, [row(1, 5, 5)]);
    expect(patched.assignments.map((a) => [a.locationId, a.articleId])).toEqual([
      [2, 1],
      [1, 5],
    ]);
  });
});
