import { describe, expect, it } from 'vitest';
import { belowSupplierMinimum } from './supplier-rules';

describe('supplier minimum warning', () => {
  it('warns below the minimum in base units and not at or above it', () => {
    expect(belowSupplierMinimum('1', 6, 18)).toBe(true);
    expect(belowSupplierMinimum('3', 6, 18)).toBe(false);
    expect(belowSupplierMinimum('', 6, 18)).toBe(false);
  });
});
