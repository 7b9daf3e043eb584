import type { ReturnReason } from '@mde/contracts';

interface ReasonedLine {
  reason: ReturnReason | null;
  updatedAt: string;
}

/**
 * A Retoure's lines mostly share their reason (a box of damaged goods, a batch past its date): the next line
 * starts with the reason of the line saved last in this Retoure. None on its first line, which still asks.
 */
export function lastChosenReason(lines: readonly ReasonedLine[]): ReturnReason | null {
  let last: ReasonedLine | null = null;
  for (const l of lines) if (l.reason && (!last || l.updatedAt > last.updatedAt)) last = l;
  return last?.reason ?? null;
}
