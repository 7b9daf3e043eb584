import type { Assignment, StorageSnapshot } from '@mde/contracts';

/** The device's copy with one pair's row replaced by the server's answer (null: removed). */
export function patchAssignment(
  snapshot: StorageSnapshot,
  locationId: number,
  articleId: number,
  row: Assignment | null,
): StorageSnapshot {
  const others = snapshot.assignments.filter((a) => !(a.locationId === locationId && a.articleId === articleId));
  return { ...snapshot, assignments: row ? [...others, row] : others };
}

/** The device's copy with a location's rows replaced by a fresh server list of that location. */
export function patchLocation(
  snapshot: StorageSnapshot,
  locationId: number,
  rows: readonly Assignment[],
): StorageSnapshot {
  return {
    ...snapshot,
    assignments: [...snapshot.assignments.filter((a) => a.locationId !== locationId), ...rows],
  };
}
