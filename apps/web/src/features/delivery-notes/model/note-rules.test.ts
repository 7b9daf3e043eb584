import type { DocumentSummary } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { canEditNotes, supplierOptions } from './note-rules';

const note = (id: number, supplierId: number, supplierName: string): DocumentSummary => ({
  id,
  variante: 'WARENUEBERNAHME',
  number: `LS${id}`,
  referenceNumber: null,
  supplierId,
  supplierNumber: `L${supplierId}`,
  supplierName,
  date: '2026-11-26',
  status: 'offen',
  barcode: null,
  lineCount: 1,
});

describe('delivery-note rules', () => {
  it('edits only with SOFTAPPS.DELIVERY_NOTE_EDIT', () => {
    expect(canEditNotes(['WARENVERPROBUNG'])).toBe(false);
    expect(canEditNotes(['WARENVERPROBUNG', 'SOFTAPPS.DELIVERY_NOTE_EDIT'])).toBe(true);
  });
  it('offers each supplier once, by name (Ö sorts as O)', () => {
    const options = supplierOptions([
      note(1, 7, 'Zott'),
      note(2, 5, 'Öko Hof'),
      note(3, 7, 'Zott'),
      note(4, 6, 'Pfanni'),
    ]);
    expect(options).toEqual([
      { value: '5', label: 'Öko Hof' },
      { value: '6', label: 'Pfanni' },
      { value: '7', label: 'Zott' },
    ]);
  });
});
