/** How long an export's result counts as fresh when no new line has been captured since. */
export const FRESH_RESULT_MS = 10 * 60_000;

/**
 * A fresh export result is shown in full at once; an old one (the shift has moved on to the next capture, or
 * it is from a while ago) shrinks to one line, so it never pushes 'Scannen' and the lines off the screen.
 */
export function isOldResult(row: { createdAt: string }, linesSince: number, now: number): boolean {
  return linesSince > 0 || now - Date.parse(row.createdAt) > FRESH_RESULT_MS;
}
