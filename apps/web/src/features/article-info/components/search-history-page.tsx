import { Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SearchHistoryEntry } from '@mde/contracts';
import { IconPackage, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useClearSearchHistory, useSearchHistory } from '../api/search-history';
import { ArticleInfoNav } from './article-info-nav';
import { QueryState } from './state-views';

const target = (entry: SearchHistoryEntry) =>
  entry.article
    ? paths.articleInfo.article(entry.article.idartstamm)
    : `${paths.articleInfo.root}?${new URLSearchParams({ q: entry.term ?? '' })}`;

/** Search history (docs/spec.md §2 suchverlauf): the last 50 searches and opened articles; tap reopens, clear empties. */
export function SearchHistoryPage() {
  const { t } = useTranslation('article-info');
  usePageTitle(t('history.title'));
  const navigate = useNavigate();
  const history = useSearchHistory();
  const clear = useClearSearchHistory();
  const items = history.data?.items ?? [];
  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('history.clear'),
      children: <Text size="sm">{t('history.clearQuestion')}</Text>,
      onConfirm: () => clear.mutate(undefined, { onSuccess: () => notifySuccess(t('history.cleared')) }),
    });
  return (
    <Stack gap="sm">
      <Title order={2}>{t('history.title')}</Title>
      <ArticleInfoNav />
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={confirmClear}
          disabled={items.length === 0}
          loading={clear.isPending}
        >
          {t('history.clear')}
        </Button>
      </Group>
      <QueryState
        isPending={history.isPending}
        error={history.error}
        isEmpty={items.length === 0}
        onRetry={() => void history.refetch()}
      />
      {items.map((entry) => (
        <Card key={entry.id} withBorder padding="xs" data-testid="history-entry">
          <UnstyledButton onClick={() => navigate(target(entry))} w="100%">
            <Group wrap="nowrap" gap="sm">
              {entry.article ? <IconPackage size={20} /> : <IconSearch size={20} />}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {entry.article ? entry.article.designation1 : entry.term}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.article ? `${t('history.article')} ${entry.article.number}` : t('history.term')} ·{' '}
                  {formatDateTime(entry.createdAt)}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}
