import { describe, expect, it } from 'vitest';
import { warehouseLabel, warehouseLabelOf } from './warehouse-label';

const list = [
  { id: 1101, number: 'L01', name: 'Verkaufsraum' },
  { id: 1103, number: 'L03', name: 'Kühlhaus' },
];

describe('warehouse label', () => {
  it('is the code and the name', () => {
    expect(warehouseLabel({ number: 'L01', name: 'Verkaufsraum' })).toBe('L01 – Verkaufsraum');
    expect(warehouseLabelOf(1103, list)).toBe('L03 – Kühlhaus');
  });
  it('falls back to the id while the list is unknown or lacks it', () => {
    expect(warehouseLabelOf(1103, undefined)).toBe('1103');
    expect(warehouseLabelOf(9999, list)).toBe('9999');
  });
});
