import {
  ARTICLE_SECTIONS,
  articleCachePageSchema,
  articleCacheQuerySchema,
  articleCodeParamSchema,
  articleDetailSchema,
  articleIdParamSchema,
  articleLookupSchema,
  articleSearchQuerySchema,
  articleSearchResultSchema,
  articleSectionSchemas,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARTICLE_INFO_ACCESS, ARTICLE_LOOKUP_ACCESS, scopeOf } from './article-access';
import { articleCachePage } from './article-cache.service';
import { loadDetail, loadSection } from './article-detail.service';
import { lookupCode } from './article-lookup.service';
import { searchArticleList } from './article-search.service';
import { favoriteRoutes } from './favorites.routes';

/**
 * The answer of a scan is built field by field as the contract type (lookupCode), so it is written as it
 * is rather than checked by zod once more: that check took 8 % of the server's profile under lookup load.
 * article-lookup.routes.test holds every kind of answer against the schema.
 */
const writeTypedAnswer = () => (data: unknown) => JSON.stringify(data);

export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const tags = ['article-info'];

  app.get(
    '/',
    {
      config: { access: ARTICLE_INFO_ACCESS },
      schema: { tags, querystring: articleSearchQuerySchema, response: { 200: articleSearchResultSchema } },
    },
    async (request) => searchArticleList(db(), scopeOf(request), request.query),
  );

  app.get(
    '/lookup/:code',
    {
      config: { access: ARTICLE_LOOKUP_ACCESS },
      schema: { tags, params: articleCodeParamSchema, response: { 200: articleLookupSchema } },
      serializerCompiler: writeTypedAnswer,
    },
    async (request) => lookupCode(db(), scopeOf(request), request.params.code),
  );

  app.get(
    '/cache',
    {
      config: { access: ARTICLE_INFO_ACCESS },
      schema: { tags, querystring: articleCacheQuerySchema, response: { 200: articleCachePageSchema } },
    },
    async (request) => articleCachePage(db(), scopeOf(request), request.query),
  );

  await app.register(favoriteRoutes);

  app.get(
    '/:id',
    {
      config: { access: ARTICLE_INFO_ACCESS },
      schema: { tags, params: articleIdParamSchema, response: { 200: articleDetailSchema } },
    },
    async (request) => loadDetail(db(), scopeOf(request), request.params.id),
  );

  // One route per section, so each answer is validated by its own schema.
  for (const section of ARTICLE_SECTIONS) {
    app.get(
      `/:id/${section}`,
      {
        config: { access: ARTICLE_INFO_ACCESS },
        schema: { tags, params: articleIdParamSchema, response: { 200: articleSectionSchemas[section] } },
      },
      async (request) => loadSection(db(), scopeOf(request), request.params.id, section),
    );
  }
};
