import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { formatMoneyCents, formatQuantity } from '../../../lib/format';
import { useArticleDetail, useCachedArticleHead } from '../api/article-detail';
import { useRecordSearchHistory } from '../api/search-history';
import { AddToFavoritesDialog } from './add-to-favorites-dialog';
import { ArticleInfoNav } from './article-info-nav';
import { ArticleSections } from './detail/article-sections';
import { CachedArticleView } from './detail/cached-article-view';
import { QueryState } from './state-views';
import { type OpenedArticleState, useOpenArticle } from './use-open-article';
import { useScanLookup } from './use-scan-lookup';

/** Artikel-Info detail (docs/spec.md §2 ':id'): every section from the server, or offline what the cache holds. */
export function ArticleDetailPage({ vkforgId, articleId }: { vkforgId: number; articleId: number }) {
  const { t } = useTranslation('article-info');
  const detail = useArticleDetail(vkforgId, articleId);
  const [favorites, setFavorites] = useState(false);
  const record = useRecordSearchHistory();
  const answer = detail.data?.data;
  const passedHead = (useLocation().state as OpenedArticleState | null)?.head;
  const deviceHead = useCachedArticleHead(vkforgId, articleId).data ?? undefined;
  const head =
    answer?.kind === 'server'
      ? answer.detail.general
      : answer?.kind === 'cache'
        ? answer.row
        : passedHead?.idartstamm === articleId
          ? passedHead
          : deviceHead;
  // The sections (tables of stock, prices, orders) are drawn after the heading, not holding it up.
  const sections = useDeferredValue(answer?.kind === 'server' ? answer.detail : undefined);
  usePageTitle(head?.designation1 ?? t('title'));
  // The next article at the shelf is a scan away: a scan on the detail opens the scanned article.
  const openArticle = useOpenArticle(vkforgId);
  useScanLookup(
    vkforgId,
    (found) => {
      if (found.data.article.idartstamm !== articleId) openArticle(found.data.article.idartstamm, found.data.article);
    },
    'cache',
  );

  const { mutate } = record;
  const opened = answer?.kind === 'server';
  // Opening an article puts it into the search history (docs/spec.md §3 search history), once per visit.
  useEffect(() => {
    if (opened) mutate({ idartstamm: articleId });
  }, [opened, articleId, mutate]);

  return (
    <Stack gap="sm">
      <ArticleInfoNav />
      <QueryState
        isPending={detail.isPending}
        error={detail.error}
        isEmpty={false}
        onRetry={() => void detail.refetch()}
      />
      {head && (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2}>{head.designation1}</Title>
            {head.designation2 && <Text c="dimmed">{head.designation2}</Text>}
            <Text size="sm">
              {t('article.number')} {head.number}
            </Text>
            {answer?.kind === 'server' && (
              <Text size="sm" fw={500}>
                {answer.detail.prices[0] ? formatMoneyCents(answer.detail.prices[0].priceCents) : '–'} ·{' '}
                {t('article.stock')}: {formatQuantity(answer.detail.stock.total.quantity, answer.detail.stock.unit)}
              </Text>
            )}
          </Stack>
          {answer?.kind === 'server' && (
            <ActionIcon
              size="xl"
              variant="light"
              onClick={() => setFavorites(true)}
              aria-label={t('article.addToFavorites')}
            >
              <IconStar />
            </ActionIcon>
          )}
        </Group>
      )}
      {sections && sections.general.idartstamm === articleId && <ArticleSections detail={sections} />}
      {answer?.kind === 'cache' && detail.data?.offline && (
        <CachedArticleView row={answer.row} snapshotAt={detail.data.snapshotAt} />
      )}
      {favorites && <AddToFavoritesDialog articleId={articleId} onClose={() => setFavorites(false)} />}
    </Stack>
  );
}
