import {
  addQuantities,
  type DeliveryNoteDetail,
  type DeliveryNoteLine,
  type GoodsReceiptStatus,
  round3,
  subtractQuantities,
} from '@mde/contracts';

/** The part of a waiting change the overlay needs (offline/outbox-db NoteChange). */
export interface PendingNoteChange {
  kind: 'scan' | 'correct' | 'book';
  noteId: number;
  article: { articleId: number; number: string; designation: string; baseUnit: string } | null;
  base: number | null;
  quantity: number | null;
}

export interface ShownLine extends DeliveryNoteLine {
  /** A count or correction of this article waits in the outbox. */
  pending: boolean;
}

export interface ShownNote extends Omit<DeliveryNoteDetail, 'lines'> {
  lines: ShownLine[];
  /** The booking waits in the outbox: the note takes no more changes on this device. */
  bookingPending: boolean;
  /** Scans of codes the device could not resolve; the server counts them when they arrive. */
  unresolvedScans: number;
}

const withDifference = (line: ShownLine, counted: number): ShownLine => ({
  ...line,
  counted,
  difference: subtractQuantities(counted, line.expected),
  pending: true,
});

/**
 * The note as the screen shows it: the server's counts (everyone's) with this device's waiting changes on
 * top, in the order they were made. A scan is an increment, so it adds to whatever the server has counted
 * meanwhile; a correction sets the count, later scans add to it; a waiting booking closes the note here.
 */
export function overlayNote(server: DeliveryNoteDetail, pending: readonly PendingNoteChange[]): ShownNote {
  const lines = new Map<number, ShownLine>(server.lines.map((l) => [l.articleId, { ...l, pending: false }]));
  let bookingPending = false;
  let unresolvedScans = 0;
  let counting = false;
  for (const c of pending) {
    if (c.noteId !== server.id) continue;
    if (c.kind === 'book') {
      bookingPending = true;
      continue;
    }
    counting = true;
    if (c.kind === 'scan' && (!c.article || c.base === null)) {
      unresolvedScans++;
      continue;
    }
    if (!c.article) continue;
    const line: ShownLine = lines.get(c.article.articleId) ?? {
      articleId: c.article.articleId,
      articleNumber: c.article.number,
      designation: c.article.designation,
      unit: c.article.baseUnit,
      factor: 1,
      expected: 0,
      counted: 0,
      difference: 0,
      unexpected: true,
      pending: true,
    };
    const counted =
      c.kind === 'scan'
        ? addQuantities(line.counted, round3((c.base ?? 0) / line.factor))
        : round3(c.quantity ?? line.counted);
    lines.set(line.articleId, withDifference(line, counted));
  }
  const status: GoodsReceiptStatus = counting && server.status === 'offen' ? 'in Prüfung' : server.status;
  return { ...server, status, lines: [...lines.values()], bookingPending, unresolvedScans };
}
