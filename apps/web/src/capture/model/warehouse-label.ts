import type { Warehouse } from '@mde/contracts';

/** A warehouse as staff know it: its code and name from the server ('L01 – Verkaufsraum'), never its id. */
export const warehouseLabel = (w: Pick<Warehouse, 'number' | 'name'>) => `${w.number} – ${w.name}`;

/**
 * The label of the warehouse with this id; the id only while the list is not known yet (first start offline),
 * so the header still says which one was chosen.
 */
export function warehouseLabelOf(id: number, warehouses: readonly Warehouse[] | undefined): string {
  const found = warehouses?.find((w) => w.id === id);
  return found ? warehouseLabel(found) : String(id);
}
