import { sql } from 'kysely';
import type { Db } from '../../db/database';
import '../articles/articles.tables';

export interface Owner {
  userId: number;
  firmaId: number;
}

export const listFavoriteLists = (db: Db, owner: Owner, articleId: number | null) =>
  db
    .selectFrom('favorite_list as f')
    .where('f.user_id', '=', owner.userId)
    .where('f.firma_id', '=', owner.firmaId)
    .select([
      'f.id',
      'f.name',
      'f.created_at',
      'f.updated_at',
      sql<number>`(select count(*) from favorite_list_article x where x.list_id = f.id)`.as('article_count'),
      sql<boolean>`exists (select 1 from favorite_list_article x where x.list_id = f.id and x.article_id = ${articleId})`.as(
        'contains_article',
      ),
    ])
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.id')
    .execute();

export const findFavoriteList = (db: Db, owner: Owner, id: number) =>
  db
    .selectFrom('favorite_list')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('firma_id', '=', owner.firmaId)
    .executeTakeFirst();

export const findListByName = (db: Db, owner: Owner, name: string) =>
  db
    .selectFrom('favorite_list')
    .select('id')
    .where('user_id', '=', owner.userId)
    .where('firma_id', '=', owner.firmaId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();

export const insertFavoriteList = (db: Db, owner: Owner, name: string) =>
  db
    .insertInto('favorite_list')
    .values({ user_id: owner.userId, firma_id: owner.firmaId, name })
    .returning('id')
    .executeTakeFirstOrThrow();

export const renameFavoriteList = (db: Db, id: number, name: string) =>
  db.updateTable('favorite_list').set({ name, updated_at: sql`now()` }).where('id', '=', id).execute();

export const deleteFavoriteList = (db: Db, id: number) => db.deleteFrom('favorite_list').where('id', '=', id).execute();

export const listArticleIds = async (db: Db, listId: number) =>
  (
    await db
      .selectFrom('favorite_list_article')
      .select('article_id')
      .where('list_id', '=', listId)
      .orderBy('added_at', 'desc')
      .orderBy('article_id')
      .execute()
  ).map((r) => r.article_id);

export async function addArticle(db: Db, listId: number, articleId: number) {
  await db
    .insertInto('favorite_list_article')
    .values({ list_id: listId, article_id: articleId })
    .onConflict((oc) => oc.columns(['list_id', 'article_id']).doNothing())
    .execute();
  await db.updateTable('favorite_list').set({ updated_at: sql`now()` }).where('id', '=', listId).execute();
}

export async function removeArticle(db: Db, listId: number, articleId: number) {
  await db
    .deleteFrom('favorite_list_article')
    .where('list_id', '=', listId)
    .where('article_id', '=', articleId)
    .execute();
  await db.updateTable('favorite_list').set({ updated_at: sql`now()` }).where('id', '=', listId).execute();
}
