import type { DeliveryNoteDetail, DocumentSummary, GoodsReceiptStatus } from '@mde/contracts';

/** The device's copy answers the list like the server: filtered by status and supplier, newest first. */
export function listFromCopy(
  copy: readonly DeliveryNoteDetail[],
  status: GoodsReceiptStatus | null,
  supplierId: number | null,
): DocumentSummary[] {
  return copy
    .filter((n) => !status || n.status === status)
    .filter((n) => !supplierId || n.supplierId === supplierId)
    .map(({ lines: _l, bookedAt: _a, bookedBy: _b, warehouseId: _w, ...summary }) => summary)
    .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
}
