import type { ArticleLocation } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

export function LocationSection({ locations }: { locations: ArticleLocation[] }) {
  const { t } = useTranslation('article-info');
  return (
    <DataTable
      label={t('sections.locations')}
      head={[
        t('locations.location'),
        t('locations.warehouse'),
        t('locations.quantity'),
        t('locations.min'),
        t('locations.max'),
      ]}
      rows={locations.map((l) => [
        `${l.code} ${l.name}`,
        l.warehouseName,
        formatQuantity(l.quantity),
        formatQuantity(l.minQuantity),
        formatQuantity(l.maxQuantity),
      ])}
    />
  );
}
