import { looksLikeGs1, normaliseGtin, type StorageLocation, stripSymbologyId } from '@mde/contracts';

export type ScanTarget =
  | { kind: 'location'; location: StorageLocation }
  | { kind: 'article-code' }
  | { kind: 'unknown'; code: string };

/**
 * What a scan on the select screen means: a location's barcode (or its code typed on a label), else an
 * article code (an EAN/GTIN or a GS1 string), which the screen answers with "not a location".
 */
export function scanTarget(raw: string, locations: readonly StorageLocation[]): ScanTarget {
  const code = stripSymbologyId(raw).trim();
  const upper = code.toUpperCase();
  const location =
    locations.find((l) => l.barcode !== null && l.barcode.toUpperCase() === upper) ??
    locations.find((l) => l.code.toUpperCase() === upper);
  if (location) return { kind: 'location', location };
  if (normaliseGtin(code).kind !== 'not-gtin' || looksLikeGs1(raw)) return { kind: 'article-code' };
  return { kind: 'unknown', code };
}

/** The searchable list: code, name, zone or barcode contains every word typed. */
export function filterLocations(locations: readonly StorageLocation[], query: string): StorageLocation[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...locations];
  return locations.filter((l) => {
    const hay = `${l.code} ${l.name} ${l.zone} ${l.barcode ?? ''} ${l.warehouseName}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

export interface LocationGroup {
  key: string;
  warehouse: string;
  zone: string;
  locations: StorageLocation[];
}

/** Grouped by warehouse, then zone, in the server's order (warehouse number, zone, code). */
export function groupLocations(locations: readonly StorageLocation[]): LocationGroup[] {
  const groups = new Map<string, LocationGroup>();
  for (const l of locations) {
    const key = `${l.warehouseId}|${l.zone}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, warehouse: `${l.warehouseNumber} ${l.warehouseName}`, zone: l.zone, locations: [] };
      groups.set(key, group);
    }
    group.locations.push(l);
  }
  return [...groups.values()];
}
