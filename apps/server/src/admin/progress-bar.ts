const WIDTH = 30;

/** One terminal line for how far a command is: a bar with percent when the total is known, else a count. */
export function progressBar(done: number, total?: number): string {
  const count = done.toLocaleString('de-DE');
  if (!total || total <= 0) return `${count} …`;
  const share = Math.min(1, Math.max(0, done / total));
  const filled = Math.round(share * WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${Math.floor(share * 100)} % (${count} / ${total.toLocaleString('de-DE')})`;
}
