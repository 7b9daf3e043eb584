import { describe, expect, it } from 'vitest';
import { isHistoryTerm, normaliseQuery } from './search-input';

describe('search input', () => {
  it('trims and collapses spaces', () => {
    expect(normaliseQuery('  Voll   milch ')).toBe('Voll milch');
  });

  it('keeps terms of two characters or more for the history', () => {
    expect(isHistoryTerm(' a ')).toBe(false);
    expect(isHistoryTerm('ab')).toBe(true);
  });
});
