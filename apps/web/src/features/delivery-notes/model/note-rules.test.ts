import type { DocumentSummary } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { canEditNotes, noteByCode, supplierOptions } from './note-rules';

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

describe('a scanned code on the list', () => {
  const notes = [
    { ...note(1, 7, 'A'), barcode: 'LSB-0001' },
    note(2, 7, 'A'),
    { ...note(3, 7, 'A'), number: 'LSB-0001' },
  ];
  it('names the note by the code printed on it first, else by its number, whatever the case or prefix', () => {
    expect(noteByCode(notes, 'lsb-0001')?.id).toBe(1);
    expect(noteByCode(notes, ']C1LS2')?.id).toBe(2);
    expect(noteByCode(notes, ' LS2 ')?.id).toBe(2);
  });
  it('names none for an unknown or empty code', () => {
    expect(noteByCode(notes, '4006381333931')).toBeUndefined();
    expect(noteByCode(notes, '')).toBeUndefined();
  });
});
