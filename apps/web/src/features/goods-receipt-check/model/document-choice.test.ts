import type { DocumentSummary } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { chooseDocument } from './document-choice';

const doc = (id: number, number: string, referenceNumber: string | null = null): DocumentSummary => ({
  id,
  variante: 'BESTELLUNG',
  number,
  referenceNumber,
  supplierId: 1,
  supplierNumber: 'L1',
  supplierName: 'Nordmilch',
  date: '2026-11-26',
  status: 'offen',
  barcode: null,
  lineCount: 3,
});

describe('chooseDocument', () => {
  it('takes the exact number among prefix matches', () => {
    const r = chooseDocument([doc(1, '4511000010'), doc(2, '451100001')], '451100001', 'nummer');
    expect(r).toEqual({ kind: 'one', document: doc(2, '451100001') });
  });
  it('takes the only match of a prefix, leaves several to the user, and says none', () => {
    expect(chooseDocument([doc(1, '4511000010')], '45110', 'nummer').kind).toBe('one');
    expect(chooseDocument([doc(1, '4511000010'), doc(2, '4511000011')], '45110', 'nummer').kind).toBe('several');
    expect(chooseDocument([], '1', 'nummer').kind).toBe('none');
  });
  it('compares the reference number for the bezugsnummer entry', () => {
    const r = chooseDocument([doc(1, 'x', 'AB-1'), doc(2, 'y', 'AB-10')], 'AB-1', 'bezugsnummer');
    expect(r.kind === 'one' && r.document.id).toBe(1);
  });
});
