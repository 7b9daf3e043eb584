import { INTEGRATION_MSG } from '@mde/contracts';
import type { Rejections } from './import-rows';

/** A checked row under its natural key, with the column values it should have. */
export interface KeyedRow<V> {
  index: number;
  key: string;
  values: V;
}

export interface Classified<V> {
  inserts: KeyedRow<V>[];
  updates: { id: number; row: KeyedRow<V> }[];
  unchanged: number;
}

/**
 * Which rows are new, which change a stored one and which equal it (those write nothing). A key that
 * comes twice in one request is refused from its second row on. Values compare as JSON, so both sides
 * must name their columns in the same order.
 */
export function classify<V>(
  rows: KeyedRow<V>[],
  stored: Map<string, { id: number; values: V }>,
  rejections: Rejections,
): Classified<V> {
  const seen = new Set<string>();
  const result: Classified<V> = { inserts: [], updates: [], unchanged: 0 };
  for (const row of rows) {
    if (seen.has(row.key)) {
      rejections.add(row.index, '_', INTEGRATION_MSG.keyTwice);
      continue;
    }
    seen.add(row.key);
    const existing = stored.get(row.key);
    if (!existing) result.inserts.push(row);
    else if (JSON.stringify(existing.values) === JSON.stringify(row.values)) result.unchanged++;
    else result.updates.push({ id: existing.id, row });
  }
  return result;
}

export const counts = <V>(c: Classified<V>) => ({
  inserted: c.inserts.length,
  updated: c.updates.length,
  unchanged: c.unchanged,
});
