import { ARTICLE_MSG, type FavoriteList, type FavoriteListDetail } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, conflict } from '../../lib/app-error';
import type { Scope } from '../articles/article-scope';
import { summariesInOrder } from '../articles/article-search.service';
import { requireArticle } from './article-detail.service';
import * as repo from './favorites.repository';

export type FavoriteContext = repo.Owner & Scope;

const listNotFound = () => new AppError(404, 'FAVORITE_LIST_NOT_FOUND', ARTICLE_MSG.favoriteListNotFound);
const nameTaken = () => conflict('FAVORITE_LIST_NAME_TAKEN', ARTICLE_MSG.favoriteListNameTaken);

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function requireList(db: Db, ctx: FavoriteContext, id: number) {
  const list = await repo.findFavoriteList(db, ctx, id);
  if (!list) throw listNotFound();
  return list;
}

/** The user's lists in the current firma; `articleId` marks the lists that already hold it. */
export async function favoriteLists(db: Db, ctx: FavoriteContext, articleId?: number): Promise<FavoriteList[]> {
  const rows = await repo.listFavoriteLists(db, ctx, articleId ?? null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    articleCount: Number(r.article_count),
    containsArticle: r.contains_article,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

async function listWithCounts(db: Db, ctx: FavoriteContext, id: number) {
  const list = (await favoriteLists(db, ctx)).find((l) => l.id === id);
  if (!list) throw listNotFound();
  return list;
}

export async function favoriteList(db: Db, ctx: FavoriteContext, id: number): Promise<FavoriteListDetail> {
  const list = await listWithCounts(db, ctx, id);
  const ids = await repo.listArticleIds(db, id);
  // Articles not listed in the current vkforg stay on the list but are not shown here.
  return { ...list, articles: await summariesInOrder(db, ctx, ids) };
}

export async function createFavoriteList(db: Db, ctx: FavoriteContext, name: string) {
  if (await repo.findListByName(db, ctx, name)) throw nameTaken();
  // The unique index decides between two devices creating the same name at once.
  const { id } = await repo.insertFavoriteList(db, ctx, name).catch((error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken() : error;
  });
  return listWithCounts(db, ctx, id);
}

export async function renameFavoriteList(db: Db, ctx: FavoriteContext, id: number, name: string) {
  await requireList(db, ctx, id);
  const existing = await repo.findListByName(db, ctx, name);
  if (existing && existing.id !== id) throw nameTaken();
  await repo.renameFavoriteList(db, id, name).catch((error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken() : error;
  });
  return listWithCounts(db, ctx, id);
}

export async function deleteFavoriteList(db: Db, ctx: FavoriteContext, id: number) {
  await requireList(db, ctx, id);
  await repo.deleteFavoriteList(db, id);
}

export async function addFavorite(db: Db, ctx: FavoriteContext, id: number, articleId: number) {
  await requireList(db, ctx, id);
  await requireArticle(db, ctx, articleId);
  await repo.addArticle(db, id, articleId);
  return favoriteList(db, ctx, id);
}

export async function removeFavorite(db: Db, ctx: FavoriteContext, id: number, articleId: number) {
  await requireList(db, ctx, id);
  await repo.removeArticle(db, id, articleId);
  return favoriteList(db, ctx, id);
}
