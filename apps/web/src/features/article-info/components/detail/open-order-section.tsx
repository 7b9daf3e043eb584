import type { OpenOrder } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

export function OpenOrderSection({ orders }: { orders: OpenOrder[] }) {
  const { t } = useTranslation('article-info');
  return (
    <DataTable
      label={t('sections.openOrders')}
      head={[
        t('openOrders.order'),
        t('openOrders.supplier'),
        t('openOrders.orderDate'),
        t('openOrders.quantity'),
        t('openOrders.delivery'),
      ]}
      rows={orders.map((o) => [
        o.orderNumber,
        o.supplierName,
        formatDate(o.orderDate),
        formatQuantity(o.quantity, o.unit),
        formatDate(o.deliveryDate) || '–',
      ])}
    />
  );
}
