import { ActionIcon, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../lib/paths';
import { useToggleFavoriteArticle } from '../api/favorite-articles';
import { useFavoriteList } from '../api/favorite-list';
import { ArticleInfoNav } from './article-info-nav';
import { ArticleRow } from './article-row';
import { QueryState } from './state-views';

/** One favorite list (docs/spec.md §2 favoriten/:id): its articles, tap opens, the bin removes. */
export function FavoriteListPage({ listId }: { listId: number }) {
  const { t } = useTranslation('article-info');
  const navigate = useNavigate();
  const list = useFavoriteList(listId);
  const toggle = useToggleFavoriteArticle();
  usePageTitle(list.data?.name ?? t('favorites.listTitle'));
  return (
    <Stack gap="sm">
      <Title order={2}>{list.data?.name ?? t('favorites.listTitle')}</Title>
      <ArticleInfoNav />
      {list.data && (
        <Text size="sm" c="dimmed">
          {t('favorites.articles', { count: list.data.articleCount })}
        </Text>
      )}
      <QueryState
        isPending={list.isPending}
        error={list.error}
        isEmpty={list.data?.articles.length === 0}
        onRetry={() => void list.refetch()}
      />
      {list.data?.articles.map((article) => (
        <ArticleRow
          key={article.idartstamm}
          article={article}
          onOpen={() => navigate(paths.articleInfo.article(article.idartstamm))}
          action={
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('favorites.remove')}
              loading={toggle.isPending && toggle.variables?.articleId === article.idartstamm}
              onClick={() => toggle.mutate({ listId, articleId: article.idartstamm, add: false })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          }
        />
      ))}
    </Stack>
  );
}
