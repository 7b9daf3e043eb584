import type { Db } from '../../db/database';
import type { Owner } from './favorites.repository';
import '../articles/articles.tables';

export const listHistory = (db: Db, owner: Owner, limit: number) =>
  db
    .selectFrom('search_history as h')
    .leftJoin('article as a', (join) => join.onRef('a.id', '=', 'h.article_id').on('a.firma_id', '=', owner.firmaId))
    .where('h.user_id', '=', owner.userId)
    .where('h.firma_id', '=', owner.firmaId)
    .select(['h.id', 'h.term', 'h.created_at', 'a.id as article_id', 'a.number', 'a.designation1'])
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();

/** Records an entry; the same term or article again moves to the top instead of repeating. */
export async function recordHistory(
  db: Db,
  owner: Owner,
  entry: { term: string } | { articleId: number },
  keep: number,
) {
  let same = db.deleteFrom('search_history').where('user_id', '=', owner.userId).where('firma_id', '=', owner.firmaId);
  same = 'term' in entry ? same.where('term', '=', entry.term) : same.where('article_id', '=', entry.articleId);
  await same.execute();
  const { id } = await db
    .insertInto('search_history')
    .values({
      user_id: owner.userId,
      firma_id: owner.firmaId,
      term: 'term' in entry ? entry.term : null,
      article_id: 'articleId' in entry ? entry.articleId : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Only the newest `keep` entries are kept (spec: last 50).
  await db
    .deleteFrom('search_history')
    .where('user_id', '=', owner.userId)
    .where('firma_id', '=', owner.firmaId)
    .where('id', 'not in', (qb) =>
      qb
        .selectFrom('search_history')
        .select('id')
        .where('user_id', '=', owner.userId)
        .where('firma_id', '=', owner.firmaId)
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
  return id;
}

export const clearHistory = (db: Db, owner: Owner) =>
  db.deleteFrom('search_history').where('user_id', '=', owner.userId).where('firma_id', '=', owner.firmaId).execute();
