import {
  articleCachePageSchema,
  articleCacheQuerySchema,
  articleCodeParamSchema,
  articleLookupSchema,
  articleSearchQuerySchema,
  articleSearchResultSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARTICLE_INFO_ACCESS, ARTICLE_LOOKUP_ACCESS, scopeOf } from './article-access';
import { articleCachePage } from './article-cache.service';
import { lookupCode } from './article-lookup.service';
import { searchArticleList } from './article-search.service';

/**
 * The answer of a scan is built field by field as the contract type (lookupCode), so it is written as it
 * is rather than checked by zod once more: that check took 8 % of the server's profile under lookup load.
 * article-lookup.routes.test holds every kind of answer against the schema.
 */
const writeTypedAnswer = () => (data: unknown) => JSON.stringify(data);

/** The article catalogue: search, lookup by code (every capture module's scans) and the device cache's pages. */
export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const tags = ['articles'];

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
};
