/** The lines of a note counted below what was delivered, and how many lines the note has in all. */
export function shortage<L extends { expected: number; counted: number }>(lines: readonly L[]) {
  const short = lines.filter((l) => l.counted < l.expected);
  return { short, complete: lines.length - short.length, total: lines.length };
}
