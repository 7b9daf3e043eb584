import type { ArticleSupplier } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

/** Suppliers with min order amount and order unit (docs/spec.md §3). */
export function SupplierSection({ suppliers }: { suppliers: ArticleSupplier[] }) {
  const { t } = useTranslation('article-info');
  return (
    <DataTable
      label={t('sections.suppliers')}
      head={[t('suppliers.supplier'), t('suppliers.articleNumber'), t('suppliers.minOrder'), t('suppliers.orderUnit')]}
      rows={suppliers.map((s) => [
        s.isMain ? `${s.name} (${t('suppliers.main')})` : s.name,
        s.supplierArticleNumber,
        formatQuantity(s.minOrderQuantity),
        `${s.orderUnit} (${formatQuantity(s.orderFactor)})`,
      ])}
    />
  );
}
