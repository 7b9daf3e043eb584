import { addQuantities, roundUpToFactor, subtractQuantities, toBase } from '@mde/contracts';

export interface ProposalInput {
  /** All figures in base units. */
  targetStock: number;
  stock: number;
  openOrders: number;
  /** Base units per order unit. */
  orderFactor: number;
  /** The supplier's minimum order in base units. */
  supplierMinimum: number;
}

/**
 * docs/modules.md#bestellvorschlag: target stock − stock − open orders, rounded up to the order unit, never
 * below the supplier's minimum and never negative. Nothing needed means nothing proposed: the minimum
 * only lifts a real need (an order of zero is no order).
 */
export function proposeOrderQuantity(input: ProposalInput): number {
  const need = subtractQuantities(subtractQuantities(input.targetStock, input.stock), input.openOrders);
  if (need <= 0) return 0;
  const rounded = roundUpToFactor(need, input.orderFactor);
  return Math.max(rounded, roundUpToFactor(input.supplierMinimum, input.orderFactor));
}

/** Quantities kept in some unit of the article (open orders are in their order unit), summed in base units. */
export function sumInBase(
  rows: readonly { quantity: number; unit: string }[],
  units: ReadonlyMap<string, number>,
): number {
  return rows.reduce((sum, row) => addQuantities(sum, toBase(row.quantity, units.get(row.unit) ?? 1)), 0);
}
