import { checkQuantity, isBelowSupplierMinimum } from '@mde/contracts';

/** Bestellung (docs/modules.md#bestellung): warn while the typed quantity, in base units, is under the supplier's minimum. */
export function belowSupplierMinimum(text: string, factor: number, minimumBase: number): boolean {
  const checked = checkQuantity(text, 'kg', { allowsZero: true });
  if (!checked.ok || text.trim() === '') return false;
  return isBelowSupplierMinimum(checked.value, factor, minimumBase);
}
