import type { GoodsReceiptStatus } from '@mde/contracts';

// Query keys of the Lieferscheine module; every change invalidates through these (docs/conventions.md#web).
export const deliveryNoteKeys = {
  all: ['delivery-notes'] as const,
  lists: () => [...deliveryNoteKeys.all, 'list'] as const,
  list: (status: GoodsReceiptStatus | null, supplierId: number | null) =>
    [...deliveryNoteKeys.lists(), status, supplierId] as const,
  detail: (id: number) => [...deliveryNoteKeys.all, 'detail', id] as const,
};
