import type { StorageLocation } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { filterLocations, groupLocations, scanTarget } from './scan-target';

const loc = (id: number, code: string, zone: string, warehouseId = 1101): StorageLocation => ({
  id,
  code,
  name: `Platz ${code}`,
  zone,
  type: 'shelf',
  barcode: `LP${String(id).padStart(8, '0')}`,
  warehouseId,
  warehouseNumber: warehouseId === 1101 ? 'L01' : 'L02',
  warehouseName: warehouseId === 1101 ? 'Verkaufsraum' : 'Lager',
  articleCount: 0,
  belowMinCount: 0,
});
const all = [loc(1, '01-01-1', 'Gang 01'), loc(2, '01-01-2', 'Gang 01'), loc(3, '02-01-1', 'Gang 02', 1102)];

describe('scanTarget', () => {
  it('finds a location by its barcode or its code', () => {
    expect(scanTarget('LP00000002', all)).toEqual({ kind: 'location', location: all[1] });
    expect(scanTarget('lp00000003', all)).toMatchObject({ kind: 'location', location: { id: 3 } });
    expect(scanTarget('02-01-1', all)).toMatchObject({ kind: 'location', location: { id: 3 } });
  });

  it('says an EAN, also one with a wrong check digit, or a GS1 string is an article code', () => {
    expect(scanTarget('4006381333931', all)).toEqual({ kind: 'article-code' });
    expect(scanTarget('4006381333932', all)).toEqual({ kind: 'article-code' });
    expect(scanTarget(']C10104006381333931', all)).toEqual({ kind: 'article-code' });
  });

  it('answers unknown for anything else', () => {
    expect(scanTarget('LP99999999', all)).toEqual({ kind: 'unknown', code: 'LP99999999' });
  });
});

describe('filterLocations and groupLocations', () => {
  it('filters by every word typed and groups by warehouse and zone', () => {
    expect(filterLocations(all, 'verkaufsraum 01-01').map((l) => l.id)).toEqual([1, 2]);
    expect(filterLocations(all, '').map((l) => l.id)).toEqual([1, 2, 3]);
    const groups = groupLocations(all);
    expect(groups.map((g) => [g.warehouse, g.zone, g.locations.length])).toEqual([
      ['L01 Verkaufsraum', 'Gang 01', 2],
      ['L02 Lager', 'Gang 02', 1],
    ]);
  });
});
