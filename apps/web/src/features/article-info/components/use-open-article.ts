import type { ArticleSummary } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { articleDetailQuery } from '../api/article-detail';

/** What the opening screen already knows of the article: the detail shows it in its first frame. */
export interface OpenedArticleState {
  head?: ArticleSummary;
}

/**
 * Opens an article's detail; the server's answer is asked for at once, while the detail screen renders, and a
 * known name and number go along so the heading needs no wait.
 */
export function useOpenArticle(vkforgId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (articleId: number, head?: ArticleSummary) => {
      void queryClient.prefetchQuery(articleDetailQuery(vkforgId, articleId));
      navigate(paths.articleInfo.article(articleId), { state: { head } satisfies OpenedArticleState });
    },
    [queryClient, navigate, vkforgId],
  );
}
