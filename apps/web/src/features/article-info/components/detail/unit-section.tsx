import type { ArticleUnit } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

/** Units with factor (base units per unit) and weight (docs/spec.md §3). */
export function UnitSection({ units }: { units: ArticleUnit[] }) {
  const { t } = useTranslation('article-info');
  return (
    <DataTable
      label={t('sections.units')}
      head={[t('units.unit'), t('units.factor'), t('units.weight')]}
      rows={units.map((u) => [
        u.isBase ? `${u.unit} (${t('units.base')})` : u.unit,
        formatQuantity(u.factor),
        u.weightGrams === null ? '–' : formatQuantity(u.weightGrams / 1000, 'kg'),
      ])}
    />
  );
}
