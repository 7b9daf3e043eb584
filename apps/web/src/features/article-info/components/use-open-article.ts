import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { articleDetailQuery } from '../api/article-detail';

/** Opens an article's detail; the server's answer is asked for at once, while the detail screen renders. */
export function useOpenArticle(vkforgId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (articleId: number) => {
      void queryClient.prefetchQuery(articleDetailQuery(vkforgId, articleId));
      navigate(paths.articleInfo.article(articleId));
    },
    [queryClient, navigate, vkforgId],
  );
}
