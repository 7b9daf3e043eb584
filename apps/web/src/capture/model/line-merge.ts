import { addQuantities, type ReturnReason, toBase } from '@mde/contracts';

export interface LineKey {
  articleId: number;
  storageLocation: string | null;
  reason: ReturnReason | null;
  batch?: string | null;
  bestBefore?: string | null;
}
export interface MergeableLine extends LineKey {
  clientId: string;
  quantity: number;
  unit: string;
  factor: number;
}

const normLocation = (s: string | null) => (s ?? '').trim().toUpperCase();

/**
 * The line an entry belongs to: the same article at the same storage location (two locations are two lines,
 * docs/modules.md#inventur), in Retouren with the same reason, and with the same batch and best-before date.
 */
export function findSameLine<T extends MergeableLine>(lines: readonly T[], key: LineKey): T | undefined {
  return lines.find(
    (l) =>
      l.articleId === key.articleId &&
      normLocation(l.storageLocation) === normLocation(key.storageLocation) &&
      l.reason === key.reason &&
      // A store counts per batch: another batch (or best-before date) of the article is another line.
      (l.batch ?? null) === (key.batch ?? null) &&
      (l.bestBefore ?? null) === (key.bestBefore ?? null),
  );
}

/** 'Hinzufügen': the sum in the existing unit, or in the base unit when the units differ. */
export function addToLine(
  existing: Pick<MergeableLine, 'quantity' | 'unit' | 'factor'>,
  added: { quantity: number; unit: string; factor: number },
  baseUnit: string,
): { quantity: number; unit: string; factor: number } {
  if (existing.unit === added.unit) {
    return { quantity: addQuantities(existing.quantity, added.quantity), unit: existing.unit, factor: existing.factor };
  }
  const base = addQuantities(toBase(existing.quantity, existing.factor), toBase(added.quantity, added.factor));
  return { quantity: base, unit: baseUnit, factor: 1 };
}
