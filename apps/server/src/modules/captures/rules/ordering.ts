import { CAPTURE_MSG } from '@mde/contracts';
import { type SupplierTerms, supplierMinimumBase } from './article-facts';
import { toBase } from './quantities';

const de = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** MODULES.md Bestellung: a line below the supplier's minimum order is warned about, not refused. */
export function orderingWarnings(quantity: number, factor: number, supplier: SupplierTerms): string[] {
  if (toBase(quantity, factor) >= supplierMinimumBase(supplier)) return [];
  return [CAPTURE_MSG.belowSupplierMinimum(`${de.format(supplier.minOrderQuantity)} ${supplier.orderUnit}`)];
}

/** Export creates one order per supplier: lines grouped by their article's main supplier, in supplier order. */
export function groupBySupplier<T extends { supplierId: number }>(lines: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const line of [...lines].sort((a, b) => a.supplierId - b.supplierId)) {
    const group = groups.get(line.supplierId) ?? [];
    group.push(line);
    groups.set(line.supplierId, group);
  }
  return groups;
}
