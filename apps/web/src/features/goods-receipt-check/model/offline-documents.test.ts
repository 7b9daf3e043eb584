import type { DocumentDetail, DocumentSnapshot } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { findInSnapshot, scanInSnapshot, searchInSnapshot } from './offline-documents';

const doc = (id: number, number: string, date: string, extra: Partial<DocumentDetail> = {}): DocumentDetail => ({
  id,
  variante: 'BESTELLUNG',
  number,
  referenceNumber: `AB-${id}`,
  supplierId: 1,
  supplierNumber: 'L1',
  supplierName: 'Nordmilch',
  date,
  status: 'offen',
  barcode: null,
  lineCount: 0,
  lines: [],
  ...extra,
});
const snapshot: DocumentSnapshot = {
  orders: [
    doc(1, '4511000001', '2026-11-26', { barcode: 'BESTELLUNG:4511000001' }),
    doc(2, '4511000002', '2026-11-28'),
    doc(3, '4512000003', '2026-11-28'),
  ],
  receipts: [doc(9, 'LS1', '2026-11-26', { variante: 'WARENUEBERNAHME', barcode: 'LS1' })],
};

describe('the offline copy of the documents', () => {
  it('searches by number or reference number prefix, newest first, without the lines', () => {
    const found = searchInSnapshot(snapshot, { variante: 'BESTELLUNG', nummer: '4511' });
    expect(found.map((d) => d.id)).toEqual([2, 1]);
    expect(found[0]).not.toHaveProperty('lines');
    expect(searchInSnapshot(snapshot, { variante: 'BESTELLUNG', bezugsnummer: 'AB-3' }).map((d) => d.id)).toEqual([3]);
    expect(searchInSnapshot(snapshot, { variante: 'WARENUEBERNAHME' }).map((d) => d.id)).toEqual([9]);
  });
  it('scans the printed code or the bare number, of the right kind only', () => {
    expect(scanInSnapshot(snapshot, 'BESTELLUNG', 'BESTELLUNG:4511000001')?.id).toBe(1);
    expect(scanInSnapshot(snapshot, 'BESTELLUNG', '4511000002')?.id).toBe(2);
    expect(scanInSnapshot(snapshot, 'WARENUEBERNAHME', '4511000002')).toBeUndefined();
  });
  it('loads a document by kind and id', () => {
    expect(findInSnapshot(snapshot, 'WARENUEBERNAHME', 9)?.number).toBe('LS1');
    expect(findInSnapshot(snapshot, 'BESTELLUNG', 9)).toBeUndefined();
  });
});
