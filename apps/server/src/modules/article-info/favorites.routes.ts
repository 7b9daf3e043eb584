import {
  favoriteArticleParamSchema,
  favoriteListBodySchema,
  favoriteListDetailSchema,
  favoriteListSchema,
  favoriteListsQuerySchema,
  idParamSchema,
  okSchema,
  searchHistoryBodySchema,
  searchHistorySchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARTICLE_INFO_ACCESS, scopeOf } from '../articles/article-access';
import * as favorites from './favorites.service';
import { clearSearchHistory, recordSearch, searchHistory } from './search-history.service';

/** Favorite lists and search history of the logged-in user in the current firma (docs/spec.md §3). */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const config = { access: ARTICLE_INFO_ACCESS };
  const tags = ['article-info'];

  app.get(
    '/favorite-lists',
    { config, schema: { tags, querystring: favoriteListsQuerySchema, response: { 200: z.array(favoriteListSchema) } } },
    async (request) => favorites.favoriteLists(db(), scopeOf(request), request.query.articleId),
  );
  app.post(
    '/favorite-lists',
    { config, schema: { tags, body: favoriteListBodySchema, response: { 201: favoriteListSchema } } },
    async (request, reply) => {
      reply.status(201);
      return favorites.createFavoriteList(db(), scopeOf(request), request.body.name);
    },
  );
  app.get(
    '/favorite-lists/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: favoriteListDetailSchema } } },
    async (request) => favorites.favoriteList(db(), scopeOf(request), request.params.id),
  );
  app.patch(
    '/favorite-lists/:id',
    {
      config,
      schema: { tags, params: idParamSchema, body: favoriteListBodySchema, response: { 200: favoriteListSchema } },
    },
    async (request) => favorites.renameFavoriteList(db(), scopeOf(request), request.params.id, request.body.name),
  );
  app.delete(
    '/favorite-lists/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await favorites.deleteFavoriteList(db(), scopeOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.put(
    '/favorite-lists/:id/articles/:articleId',
    { config, schema: { tags, params: favoriteArticleParamSchema, response: { 200: favoriteListDetailSchema } } },
    async (request) => favorites.addFavorite(db(), scopeOf(request), request.params.id, request.params.articleId),
  );
  app.delete(
    '/favorite-lists/:id/articles/:articleId',
    { config, schema: { tags, params: favoriteArticleParamSchema, response: { 200: favoriteListDetailSchema } } },
    async (request) => favorites.removeFavorite(db(), scopeOf(request), request.params.id, request.params.articleId),
  );

  app.get('/search-history', { config, schema: { tags, response: { 200: searchHistorySchema } } }, async (request) =>
    searchHistory(db(), scopeOf(request)),
  );
  app.post(
    '/search-history',
    { config, schema: { tags, body: searchHistoryBodySchema, response: { 200: searchHistorySchema } } },
    async (request) => recordSearch(db(), scopeOf(request), request.body),
  );
  app.delete('/search-history', { config, schema: { tags, response: { 200: okSchema } } }, async (request) => {
    await clearSearchHistory(db(), scopeOf(request));
    return { ok: true as const };
  });
};
