import { inventoryCountHeaderProblem } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { captureListRedirect } from './count-header';

describe('Inventur capture-list guard (spec §2)', () => {
  it('lets a header with warehouse and document date through', () => {
    expect(captureListRedirect({ lager: 1101, belegdatum: '2026-11-21' })).toBeNull();
  });

  it.each([
    ['nothing chosen', null],
    ['no warehouse', { belegdatum: '2026-11-21' }],
    ['no document date', { lager: 1101 }],
    ['an empty date', { lager: 1101, belegdatum: '' }],
    ['a warehouse id as text', { lager: '1101', belegdatum: '2026-11-21' }],
    ['a German date string', { lager: 1101, belegdatum: '21.11.26' }],
  ])('sends %s to /mde-inventur/start', (_, header) => {
    expect(captureListRedirect(header)).toBe('/mde-inventur/start');
    expect(inventoryCountHeaderProblem(header)).toBe('Bitte wählen Sie zuerst Lager und Belegdatum');
  });
});
