import type { PriceScale } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoneyCents, formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

/** Price scales of the session's vkforg: scale, unit, per, price incl. VAT (docs/spec.md §3). */
export function PriceSection({ prices }: { prices: PriceScale[] }) {
  const { t } = useTranslation('article-info');
  return (
    <DataTable
      label={t('sections.prices')}
      head={[
        t('prices.scale'),
        t('prices.minQuantity'),
        t('prices.unit'),
        t('prices.per'),
        t('prices.price'),
        t('prices.validFrom'),
      ]}
      rows={prices.map((p) => [
        p.scale,
        formatQuantity(p.minQuantity),
        p.unit,
        p.per,
        formatMoneyCents(p.priceCents),
        formatDate(p.validFrom),
      ])}
    />
  );
}
