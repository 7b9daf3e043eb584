import type { GoodsReceiptStatus } from '@mde/contracts';

// Lieferscheine calls (without the /api base), in one place for every fetcher.
const base = '/v1/delivery-notes';

export const deliveryNoteEndpoints = {
  list: (filter: { status?: GoodsReceiptStatus | null; supplierId?: number | null }) => {
    const query = new URLSearchParams();
    if (filter.status) query.set('status', filter.status);
    if (filter.supplierId) query.set('supplierId', String(filter.supplierId));
    const q = query.toString();
    return q ? `${base}?${q}` : base;
  },
  /** The notes due around today with lines and counts, for the device's offline copy. */
  snapshot: `${base}/offline`,
  detail: (id: number) => `${base}/${id}`,
  scans: (id: number) => `${base}/${id}/scans`,
  count: (id: number, articleId: number) => `${base}/${id}/counts/${articleId}`,
  booking: (id: number) => `${base}/${id}/booking`,
  /** A booked note as a file: CSV for German Excel, or JSON as the ERP gets it. */
  download: (id: number, format: 'csv' | 'json') => `${base}/${id}/download?format=${format}`,
} as const;
