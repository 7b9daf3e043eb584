import { Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBarcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { formatMoneyCents, formatQuantity } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { addScan, clearScanList, useScanList } from '../api/scan-list-store';
import { ArticleInfoNav } from './article-info-nav';
import { useSnapshotText } from './snapshot-note';
import { EmptyState, LoadingState } from './state-views';
import { useScanLookup } from './use-scan-lookup';

/** Scan list (docs/spec.md §2 scan-liste): continuous scanning for shelf checks, a row per article with price and stock. */
export function ScanListPage({ vkforgId }: { vkforgId: number }) {
  const { t } = useTranslation('article-info');
  usePageTitle(t('scanList.title'));
  const navigate = useNavigate();
  const rows = useScanList(vkforgId);
  const snapshotText = useSnapshotText();
  const { scanNow, busy } = useScanLookup(vkforgId, async (answer, code) => {
    await addScan(vkforgId, code, answer.data, answer.offline ? answer.snapshotAt : null);
  });
  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('scanList.clear'),
      children: <Text size="sm">{t('scanList.clearQuestion')}</Text>,
      onConfirm: () => void clearScanList(vkforgId),
    });
  return (
    <Stack gap="sm">
      <Title order={2}>{t('scanList.title')}</Title>
      <ArticleInfoNav />
      <Text size="sm" c="dimmed">
        {t('scanList.hint')}
      </Text>
      <Group justify="space-between">
        <Button
          leftSection={<IconBarcode size={18} />}
          onClick={() => void scanNow()}
          loading={busy}
          aria-label={t('search.scan')}
        >
          {t('search.scan')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={!rows?.length}
          onClick={confirmClear}
        >
          {t('scanList.clear')}
        </Button>
      </Group>
      {rows === undefined && <LoadingState />}
      {rows?.length === 0 && <EmptyState />}
      {rows && rows.length > 0 && (
        <Text size="sm" data-testid="scan-list-count">
          {t('scanList.rows', { count: rows.length })}
        </Text>
      )}
      {rows?.map((row) => (
        <Card key={row.key} withBorder padding="xs" data-testid="scan-row" data-idartstamm={row.idartstamm}>
          <UnstyledButton onClick={() => navigate(paths.articleInfo.article(row.idartstamm))} w="100%">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {row.designation1}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.number} · {row.code} · {row.unit}
                </Text>
                <Text size="sm">
                  {row.priceCents === null ? '–' : formatMoneyCents(row.priceCents)} · {t('article.stock')}:{' '}
                  {formatQuantity(row.stockTotal, row.baseUnit)}
                </Text>
                {row.snapshotAt && (
                  <Text size="xs" c="orange">
                    {snapshotText(row.snapshotAt)}
                  </Text>
                )}
              </Stack>
              <Badge size="xl" variant="light" aria-label={t('scanList.count')} data-testid="scan-count">
                {row.count}×
              </Badge>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}
