import type { ArticleStock } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

/** Stock per warehouse: quantity, dispo, total on order, next delivery (docs/spec.md §3), with the total row. */
export function StockSection({ stock }: { stock: ArticleStock }) {
  const { t } = useTranslation('article-info');
  const rows = stock.warehouses.map((w) => [
    `${w.warehouseNumber} ${w.warehouseName}`,
    formatQuantity(w.quantity),
    formatQuantity(w.dispoQuantity),
    formatQuantity(w.orderQuantityTotal),
    formatDate(w.nextDeliveryDate) || '–',
  ]);
  if (rows.length > 1) {
    const { total } = stock;
    rows.push([
      t('stock.total'),
      formatQuantity(total.quantity),
      formatQuantity(total.dispoQuantity),
      formatQuantity(total.orderQuantityTotal),
      '',
    ]);
  }
  return (
    <DataTable
      label={t('sections.stock')}
      head={[
        t('stock.warehouse'),
        `${t('stock.quantity')} (${stock.unit})`,
        t('stock.dispo'),
        t('stock.ordered'),
        t('stock.nextDelivery'),
      ]}
      rows={rows}
    />
  );
}
