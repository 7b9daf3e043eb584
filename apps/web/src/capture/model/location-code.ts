import { stripSymbologyId, type WarehouseLocation } from '@mde/contracts';

/**
 * The storage location a scanned code names: the barcode on its shelf label, or its code as printed
 * (aisle-shelf-level); none for an article code.
 */
export function locationOfCode(raw: string, locations: readonly WarehouseLocation[]): WarehouseLocation | undefined {
  const code = stripSymbologyId(raw).trim().toUpperCase();
  if (!code) return undefined;
  return (
    locations.find((l) => l.barcode !== null && l.barcode.toUpperCase() === code) ??
    locations.find((l) => l.code.toUpperCase() === code)
  );
}
