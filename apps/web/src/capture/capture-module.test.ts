import { describe, expect, it } from 'vitest';
import { shownHeaderFields } from './capture-module';

describe('the header fields the screens show', () => {
  it('are the fields the module declares in contracts, the supplier by name and the document with its kind', () => {
    expect(shownHeaderFields(['belegdatum', 'supplierId'])).toEqual(['belegdatum', 'supplier']);
    expect(shownHeaderFields(['art', 'documentId'])).toEqual(['art']);
    expect(shownHeaderFields(['lager', 'belegdatum'])).toEqual(['lager', 'belegdatum']);
    expect(shownHeaderFields([])).toEqual([]);
  });
});
