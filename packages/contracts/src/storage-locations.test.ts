import { describe, expect, it } from 'vitest';
import { assignmentLimitIssues, createAssignmentSchema, isBelowMin, STORAGE_MSG } from './storage-locations';

describe('assignmentLimitIssues', () => {
  it('accepts zero and equal limits', () => {
    expect(assignmentLimitIssues({ quantity: 0, minQuantity: 0, maxQuantity: 0 })).toEqual({});
    expect(assignmentLimitIssues({ quantity: 3.5, minQuantity: 4, maxQuantity: 4 })).toEqual({});
  });

  it('refuses a minimum above the maximum on the minimum', () => {
    expect(assignmentLimitIssues({ quantity: 1, minQuantity: 5, maxQuantity: 4 })).toEqual({
      minQuantity: STORAGE_MSG.minAboveMax,
    });
  });

  it('refuses negatives, too many decimals and non-numbers field by field', () => {
    expect(assignmentLimitIssues({ quantity: -1, minQuantity: 0, maxQuantity: 1.0005 })).toEqual({
      quantity: STORAGE_MSG.notNegative,
      maxQuantity: STORAGE_MSG.decimals,
    });
    expect(assignmentLimitIssues({ quantity: Number.NaN, minQuantity: 0, maxQuantity: 1 })).toEqual({
      quantity: 'Ungültiger Wert',
    });
  });

  it('does not compare min and max while one of them is itself wrong', () => {
    expect(assignmentLimitIssues({ quantity: 1, minQuantity: 9, maxQuantity: -1 })).toEqual({
      maxQuantity: STORAGE_MSG.notNegative,
    });
  });

  it('accepts three decimals that binary floating point cannot hold exactly', () => {
    expect(assignmentLimitIssues({ quantity: 0.005, minQuantity: 1.001, maxQuantity: 2.999 })).toEqual({});
  });
});

describe('isBelowMin', () => {
  it('is true only strictly below the minimum', () => {
    expect(isBelowMin({ quantity: 1, minQuantity: 2 })).toBe(true);
    expect(isBelowMin({ quantity: 2, minQuantity: 2 })).toBe(false);
  });
});

describe('createAssignmentSchema', () => {
  it('refuses unknown keys and a missing article', () => {
    expect(createAssignmentSchema.safeParse({ quantity: 1, minQuantity: 0, maxQuantity: 1 }).success).toBe(false);
    expect(
      createAssignmentSchema.safeParse({ articleId: 1, quantity: 1, minQuantity: 0, maxQuantity: 1, x: 1 }).success,
    ).toBe(false);
  });
});
