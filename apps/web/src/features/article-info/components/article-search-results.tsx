import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useArticleSearch } from '../../../articles/search';
import { ArticleRow } from './article-row';
import { SnapshotNote } from './snapshot-note';
import { QueryState } from './state-views';

/** Hits of the search, ranked by the server (exact code first) or, offline, by the cache. */
export function ArticleSearchResults({
  vkforgId,
  q,
  onOpen,
  onFavorite,
}: {
  vkforgId: number;
  q: string;
  onOpen: (idartstamm: number) => void;
  onFavorite: (idartstamm: number) => void;
}) {
  const { t } = useTranslation('article-info');
  const search = useArticleSearch(vkforgId, q);
  const pages = search.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data.items);
  const offline = pages.find((p) => p.offline);
  return (
    <Stack gap="xs" aria-busy={search.isFetching}>
      {offline?.offline && <SnapshotNote snapshotAt={offline.snapshotAt} />}
      <QueryState
        isPending={search.isPending}
        error={search.error}
        isEmpty={items.length === 0}
        onRetry={() => void search.refetch()}
      />
      {items.map((article) => (
        <ArticleRow
          key={article.idartstamm}
          article={article}
          onOpen={() => onOpen(article.idartstamm)}
          onFavorite={offline ? undefined : () => onFavorite(article.idartstamm)}
        />
      ))}
      {search.hasNextPage && (
        <Button variant="light" onClick={() => void search.fetchNextPage()} loading={search.isFetchingNextPage}>
          {t('search.more')}
        </Button>
      )}
    </Stack>
  );
}
