import type { DeliveryNoteDetail } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { listFromCopy } from './offline-notes';

const note = (id: number, date: string, status: DeliveryNoteDetail['status'], supplierId = 1) =>
  ({
    id,
    variante: 'WARENUEBERNAHME',
    number: `LS${id}`,
    referenceNumber: null,
    supplierId,
    supplierNumber: `L${supplierId}`,
    supplierName: 'Zott',
    date,
    status,
    barcode: null,
    lineCount: 1,
    lines: [],
    bookedAt: null,
    bookedBy: null,
    warehouseId: null,
  }) satisfies DeliveryNoteDetail;

describe('listFromCopy', () => {
  it('filters by status and supplier, newest first, as summaries', () => {
    const copy = [note(1, '2026-11-25', 'offen'), note(2, '2026-11-26', 'offen', 2), note(3, '2026-11-26', 'gebucht')];
    expect(listFromCopy(copy, null, null).map((n) => n.id)).toEqual([3, 2, 1]);
    expect(listFromCopy(copy, 'offen', null).map((n) => n.id)).toEqual([2, 1]);
    expect(listFromCopy(copy, 'offen', 2).map((n) => n.id)).toEqual([2]);
    expect(listFromCopy(copy, null, null)[0]).not.toHaveProperty('lines');
  });
});
