import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents, formatQuantity } from '../../../../lib/format';
import type { ArticleCacheRow } from '../../../../offline/article-cache/rows';
import { SnapshotNote } from '../snapshot-note';
import { DataTable } from './data-table';
import { UnitSection } from './unit-section';

/** Offline detail: what the cache holds (codes, units, price, stock per warehouse) with its 'Stand'. */
export function CachedArticleView({ row, snapshotAt }: { row: ArticleCacheRow; snapshotAt: string | null }) {
  const { t } = useTranslation('article-info');
  return (
    <Stack gap="sm">
      <SnapshotNote snapshotAt={snapshotAt}>
        <Text size="xs" mt={4}>
          {t('offline.detailLimited')}
        </Text>
      </SnapshotNote>
      <Text size="sm">
        {t('article.price')}: {row.priceCents === null ? '–' : formatMoneyCents(row.priceCents)}
      </Text>
      <Text fw={600}>{t('sections.stock')}</Text>
      <DataTable
        label={t('sections.stock')}
        head={[t('stock.warehouse'), `${t('stock.quantity')} (${row.baseUnit})`]}
        rows={[
          ...row.stock.map((s) => [String(s.warehouseId), formatQuantity(s.quantity)]),
          [t('stock.total'), formatQuantity(row.stockTotal)],
        ]}
      />
      <Text fw={600}>{t('general.codes')}</Text>
      <DataTable
        label={t('general.codes')}
        head={[t('article.ean'), t('units.unit'), t('units.factor')]}
        rows={row.codes.map((c) => [c.code, c.unit, formatQuantity(c.factor)])}
      />
      <Text fw={600}>{t('sections.units')}</Text>
      <UnitSection units={row.units} />
    </Stack>
  );
}
