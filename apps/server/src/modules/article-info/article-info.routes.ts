import { ARTICLE_SECTIONS, articleDetailSchema, articleIdParamSchema, articleSectionSchemas } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARTICLE_INFO_ACCESS, scopeOf } from '../articles/article-access';
import { loadDetail, loadSection } from './article-detail.service';
import { favoriteRoutes } from './favorites.routes';

/** Artikel-Info (docs/spec.md §2): the article's detail, its sections, favorites and search history. */
export const articleInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const tags = ['article-info'];

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
