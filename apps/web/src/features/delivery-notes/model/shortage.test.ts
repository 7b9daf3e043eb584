import { describe, expect, it } from 'vitest';
import { shortage } from './shortage';

describe('shortage', () => {
  it('names the lines counted below the delivered quantity; a surplus is not short', () => {
    const lines = [
      { id: 'a', expected: 24, counted: 24 },
      { id: 'b', expected: 12, counted: 3 },
      { id: 'c', expected: 0, counted: 2 },
      { id: 'd', expected: 5, counted: 0 },
    ];
    const result = shortage(lines);
    expect(result.short.map((l) => l.id)).toEqual(['b', 'd']);
    expect(result).toMatchObject({ complete: 2, total: 4 });
  });
  it('a fully counted note has nothing short', () => {
    expect(shortage([{ expected: 1, counted: 1 }]).short).toEqual([]);
  });
});
