import type { ArticleCacheRow } from './rows';
import { words } from './rows';

// Offline search ranks like the server's search: exact article number, then number prefix,
// then designation prefix, then any word match; ties alphabetically by designation.

export const searchTokens = (q: string) => words(q);

/** Every token must start a designation word or the article number. */
export function matchesTokens(
  row: Pick<ArticleCacheRow, 'number' | 'designation1' | 'designation2'>,
  tokens: string[],
) {
  const own = words(`${row.designation1} ${row.designation2}`);
  const number = row.number.toLocaleLowerCase('de-DE');
  return tokens.every((t) => number.startsWith(t) || own.some((w) => w.startsWith(t)));
}

export function rankOf(row: Pick<ArticleCacheRow, 'number' | 'designation1'>, q: string): number {
  const query = q.trim().toLocaleLowerCase('de-DE');
  const number = row.number.toLocaleLowerCase('de-DE');
  if (number === query) return 0;
  if (number.startsWith(query)) return 1;
  if (row.designation1.toLocaleLowerCase('de-DE').startsWith(query)) return 2;
  return 3;
}

export function rankRows<T extends Pick<ArticleCacheRow, 'number' | 'designation1'>>(rows: T[], q: string): T[] {
  return rows
    .map((row) => ({ row, rank: rankOf(row, q) }))
    .sort((a, b) => a.rank - b.rank || a.row.designation1.localeCompare(b.row.designation1, 'de'))
    .map((x) => x.row);
}

/** The longest token narrows the index scan best. */
export function indexToken(tokens: string[]): string | undefined {
  return [...tokens].sort((a, b) => b.length - a.length)[0];
}
