import type { ArticleLookup } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { mergeScan, sortScanList } from './scan-list';

const lookup = (id: number, unit = 'Stück', priceCents: number | null = 199): ArticleLookup => ({
  article: {
    idartstamm: id,
    number: String(id),
    designation1: `Artikel ${id}`,
    designation2: '',
    department: 'Molkerei',
    mainEan: null,
    baseUnit: 'Stück',
    priceCents,
    stockTotal: 7,
  },
  unit,
  factor: unit === 'Stück' ? 1 : 12,
  quantity: 1,
  matchedBy: 'gtin',
  matchedCode: '0',
});

const t1 = new Date('2026-11-21T08:00:00Z');
const t2 = new Date('2026-11-21T08:01:00Z');

describe('scan list rows', () => {
  it('a first scan adds a row with price and stock, count 1', () => {
    const row = mergeScan(undefined, 11, '4001234000017', lookup(5), null, t1);
    expect(row).toMatchObject({ key: '11:5:Stück', count: 1, priceCents: 199, stockTotal: 7, code: '4001234000017' });
  });

  it('a repeat scan counts up, keeps the first time and refreshes price and stock', () => {
    const first = mergeScan(undefined, 11, 'a', lookup(5), null, t1);
    const again = mergeScan(first, 11, 'a', lookup(5, 'Stück', 249), '2026-11-21T07:00:00.000Z', t2);
    expect(again).toMatchObject({ count: 2, priceCents: 249, firstScannedAt: t1.toISOString() });
    expect(again.lastScannedAt).toBe(t2.toISOString());
    expect(again.snapshotAt).toBe('2026-11-21T07:00:00.000Z');
  });

  it('the case code of the same article is its own row (another unit)', () => {
    expect(mergeScan(undefined, 11, 'c', lookup(5, 'Karton'), null, t1).key).toBe('11:5:Karton');
  });

  it('lists the newest scan first', () => {
    const a = mergeScan(undefined, 11, 'a', lookup(1), null, t1);
    const b = mergeScan(undefined, 11, 'b', lookup(2), null, t2);
    expect(sortScanList([a, b]).map((r) => r.idartstamm)).toEqual([2, 1]);
  });
});
