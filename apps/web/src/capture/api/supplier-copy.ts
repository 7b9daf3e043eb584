import type { Supplier } from '@mde/contracts';

// The device keeps every supplier the server has named (the start list and every search's answer), so the
// Retouren header can be filled offline. Searching it follows the server's rule: the number exactly or a
// part of the name, number matches first, then by name.

const MAX_KEPT = 5_000;

export function mergeSuppliers(kept: unknown, fresh: readonly Supplier[]): Supplier[] {
  const byId = new Map<number, Supplier>();
  for (const s of Array.isArray(kept) ? (kept as Supplier[]) : []) byId.set(s.id, s);
  for (const s of fresh) byId.set(s.id, s);
  return [...byId.values()].slice(-MAX_KEPT);
}

export function searchKeptSuppliers(kept: unknown, q: string, limit = 25): Supplier[] {
  const list = Array.isArray(kept) ? (kept as Supplier[]) : [];
  const term = q.trim();
  const lower = term.toLocaleLowerCase('de-DE');
  return list
    .filter((s) => term === '' || s.number === term || s.name.toLocaleLowerCase('de-DE').includes(lower))
    .sort((a, b) => Number(b.number === term) - Number(a.number === term) || a.name.localeCompare(b.name, 'de-DE'))
    .slice(0, limit);
}
