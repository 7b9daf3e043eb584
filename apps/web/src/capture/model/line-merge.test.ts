import { describe, expect, it } from 'vitest';
import { addToLine, findSameLine } from './line-merge';

describe('add or replace', () => {
  const lines = [
    { clientId: 'a', articleId: 1, storageLocation: 'R1', reason: null, quantity: 2, unit: 'Karton', factor: 6 },
    { clientId: 'b', articleId: 1, storageLocation: null, reason: null, quantity: 1, unit: 'Stück', factor: 1 },
  ];
  it('tells two storage locations apart and ignores case and blanks in the location', () => {
    expect(findSameLine(lines, { articleId: 1, storageLocation: ' r1 ', reason: null })?.clientId).toBe('a');
    expect(findSameLine(lines, { articleId: 1, storageLocation: null, reason: null })?.clientId).toBe('b');
    expect(findSameLine(lines, { articleId: 1, storageLocation: 'R2', reason: null })).toBeUndefined();
  });
  it('tells two batches (or best-before dates) of an article apart: a store counts per batch', () => {
    const loose = { articleId: 1, storageLocation: null, reason: null, quantity: 1, unit: 'Stück', factor: 1 };
    const batched = [
      { ...loose, clientId: 'c', batch: 'L1', bestBefore: '2027-01-31' },
      { ...loose, clientId: 'd', batch: 'L2', bestBefore: '2027-01-31' },
    ];
    const key = { articleId: 1, storageLocation: null, reason: null };
    expect(findSameLine(batched, { ...key, batch: 'L2', bestBefore: '2027-01-31' })?.clientId).toBe('d');
    expect(findSameLine(batched, { ...key, batch: 'L1', bestBefore: '2027-02-28' })).toBeUndefined();
    expect(findSameLine(batched, key)).toBeUndefined();
    // A line saved before the field had none: it is the same line as an entry without a batch.
    expect(findSameLine(lines, { ...key, batch: null, bestBefore: null })?.clientId).toBe('b');
  });
  it('adds in the same unit, or converts to the base unit', () => {
    expect(addToLine(lines[0] as never, { quantity: 1, unit: 'Karton', factor: 6 }, 'Stück')).toEqual({
      quantity: 3,
      unit: 'Karton',
      factor: 6,
    });
    expect(addToLine(lines[0] as never, { quantity: 4, unit: 'Stück', factor: 1 }, 'Stück')).toEqual({
      quantity: 16,
      unit: 'Stück',
      factor: 1,
    });
  });
});
