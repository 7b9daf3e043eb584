import type { AssignedArticle, Assignment, AssignmentValues } from '@mde/contracts';

/** An assignment as the screens show it: the server's row with the device's waiting edits on top. */
export interface ShownAssignment extends Assignment {
  /** A change of this row waits in the outbox. */
  pending: boolean;
  /** The server changed it in between; the user chooses (outbox conflict). */
  conflict: boolean;
}

/** The part of a waiting change the overlay needs (offline/outbox-db StorageChange). */
export interface PendingChange {
  kind: 'assign' | 'update' | 'remove';
  locationId: number;
  article: AssignedArticle;
  values: AssignmentValues | null;
  conflict: unknown;
}

const shown = (a: Assignment): ShownAssignment => ({ ...a, pending: false, conflict: false });

function apply(current: ShownAssignment | undefined, change: PendingChange): ShownAssignment | undefined {
  if (change.kind === 'remove') return undefined;
  const values = change.values ?? { quantity: 0, minQuantity: 0, maxQuantity: 0 };
  const base: ShownAssignment = current ?? {
    ...change.article,
    locationId: change.locationId,
    quantity: 0,
    minQuantity: 0,
    maxQuantity: 0,
    version: 0,
    updatedAt: '',
    pending: true,
    conflict: false,
  };
  return { ...base, ...values, pending: true, conflict: base.conflict || change.conflict !== null };
}

/**
 * The location's list with the waiting changes applied in the order they were made, sorted by designation
 * like the server's list (spec'd order of Lagerplatz Artikel).
 */
export function overlayLocation(
  locationId: number,
  server: readonly Assignment[],
  pending: readonly PendingChange[],
): ShownAssignment[] {
  const rows = new Map<number, ShownAssignment>();
  for (const a of server) if (a.locationId === locationId) rows.set(a.articleId, shown(a));
  for (const c of pending) {
    if (c.locationId !== locationId) continue;
    const next = apply(rows.get(c.article.articleId), c);
    if (next) rows.set(c.article.articleId, next);
    else rows.delete(c.article.articleId);
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.designation1.localeCompare(b.designation1, 'de') ||
      a.designation2.localeCompare(b.designation2, 'de') ||
      a.number.localeCompare(b.number, 'de'),
  );
}

/** One article at one location with its waiting changes (null: not assigned, or removal waiting). */
export function overlayProduct(
  locationId: number,
  articleId: number,
  server: Assignment | null,
  pending: readonly PendingChange[],
): ShownAssignment | null {
  let row: ShownAssignment | undefined = server ? shown(server) : undefined;
  for (const c of pending) {
    if (c.locationId === locationId && c.article.articleId === articleId) row = apply(row, c);
  }
  return row ?? null;
}
