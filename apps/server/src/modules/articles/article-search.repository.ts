import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from './article-scope';
import { summaryQuery } from './article-summary.repository';

export interface SearchTerms {
  /** Exact article number or code as typed. */
  exact: string;
  /** Articles carrying the term as a code (see findIdsByCodes). */
  codeMatches: number[];
  /** Lower-case words; every one must occur in number or designations. */
  words: string[];
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Articles of the firma carrying one of the GTIN-14s (primary-key lookups, before the ranked query). */
export async function findIdsByCodes(db: Db, firmaId: number, gtins: string[]) {
  if (gtins.length === 0) return [];
  const rows = await db
    .selectFrom('article_code')
    .select('article_id')
    .where('firma_id', '=', firmaId)
    .where('gtin14', 'in', gtins)
    .execute();
  return rows.map((r) => r.article_id);
}

/**
 * One page of matches ranked: exact code (0), exact article number (1), number or designation 1 starting
 * with the term (2), all words in designation 1 (3), all words anywhere, e.g. designation 2 (4). The
 * words filter uses the trigram index on PostgreSQL; code matches arrive as ids so the OR stays indexable.
 */
export async function searchArticles(db: Db, scope: Scope, terms: SearchTerms, limit: number, offset: number) {
  const prefix = `${likeEscape(terms.exact.toLowerCase())}%`;
  const codeMatch =
    terms.codeMatches.length > 0 ? sql<boolean>`a.id in (${sql.join(terms.codeMatches)})` : sql<boolean>`false`;
  const allWords = (column: string) =>
    terms.words.length > 0
      ? sql.join(
          terms.words.map((w) => sql`${sql.raw(column)} like ${`%${likeEscape(w)}%`}`),
          sql` and `,
        )
      : sql`true`;
  const wordsMatch = allWords('a.search_text');
  return summaryQuery(db, scope)
    .where(sql<boolean>`(${codeMatch} or a.number = ${terms.exact} or (${wordsMatch}))`)
    .select(
      sql<number>`case when ${codeMatch} then 0 when a.number = ${terms.exact} then 1
        when a.number like ${prefix} or lower(a.designation1) like ${prefix} then 2
        when ${allWords('lower(a.designation1)')} then 3 else 4 end`.as('rank'),
    )
    .orderBy('rank')
    .orderBy('a.designation1')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Without a term: the vkforg's articles by number. */
export async function listArticles(db: Db, scope: Scope, limit: number, offset: number) {
  return summaryQuery(db, scope).orderBy('a.number').limit(limit).offset(offset).execute();
}
