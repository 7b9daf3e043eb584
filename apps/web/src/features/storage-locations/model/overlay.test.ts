import type { Assignment } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { overlayLocation, overlayProduct, type PendingChange } from './overlay';

const row = (articleId: number, designation1: string, quantity = 5): Assignment => ({
  locationId: 1,
  articleId,
  number: String(100000 + articleId),
  designation1,
  designation2: '',
  baseUnit: 'Stk',
  quantity,
  minQuantity: 2,
  maxQuantity: 10,
  version: 3,
  updatedAt: '2026-11-26T08:00:00.000Z',
});
const change = (kind: PendingChange['kind'], a: Assignment, quantity = 1): PendingChange => ({
  kind,
  locationId: a.locationId,
  article: {
    articleId: a.articleId,
    number: a.number,
    designation1: a.designation1,
    designation2: '',
    baseUnit: 'Stk',
  },
  values: kind === 'remove' ? null : { quantity, minQuantity: 0, maxQuantity: 9 },
  conflict: null,
});

describe('overlayLocation', () => {
  const server = [row(1, 'Zucker'), row(2, 'Apfel'), { ...row(3, 'Butter'), locationId: 2 }];

  it("shows only the location's rows, sorted by designation, nothing pending", () => {
    const list = overlayLocation(1, server, []);
    expect(list.map((a) => [a.designation1, a.pending])).toEqual([
      ['Apfel', false],
      ['Zucker', false],
    ]);
  });

  it('applies waiting edits, assigns and removals in order', () => {
    const added = { ...row(4, 'Mehl'), version: 0 };
    const list = overlayLocation(1, server, [
      change('update', row(1, 'Zucker'), 7),
      change('assign', added, 2),
      change('remove', row(2, 'Apfel')),
      change('update', row(1, 'Zucker'), 8),
    ]);
    expect(list.map((a) => [a.designation1, a.quantity, a.pending, a.version])).toEqual([
      ['Mehl', 2, true, 0],
      ['Zucker', 8, true, 3],
    ]);
  });
});

describe('overlayProduct', () => {
  it('is the server row, the edited row, or null once a removal waits', () => {
    const a = row(1, 'Zucker');
    expect(overlayProduct(1, 1, a, [])).toMatchObject({ quantity: 5, pending: false });
    expect(overlayProduct(1, 1, a, [{ ...change('update', a, 9), conflict: { server: null } }])).toMatchObject({
      quantity: 9,
      pending: true,
      conflict: true,
    });
    expect(overlayProduct(1, 1, a, [change('remove', a)])).toBeNull();
    expect(overlayProduct(1, 1, null, [])).toBeNull();
  });
});
