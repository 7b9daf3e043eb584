import { Button, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconList, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { paths } from '../../../lib/paths';
import { refreshDocumentSnapshot } from '../api/documents';

/** auswahl/belegart (docs/spec.md §2): an order or a goods receipt, by number, by reference number or from the list. */
export function DocumentTypePage() {
  const { t } = useTranslation('goods-receipt-check');
  const p = paths.goodsReceiptCheck;
  // Choosing a document starts here: the device takes its copy of the coming days' documents now.
  useEffect(() => {
    void refreshDocumentSnapshot();
  }, []);
  return (
    <Stack gap="sm">
      <ModuleStepPage module="goods-receipt-check" step="documentType" />
      <Text size="sm">{t('type.intro')}</Text>
      <Button component={Link} to={p.orderDocumentEntry} size="lg" leftSection={<IconFileInvoice />}>
        {t('type.order')}
      </Button>
      <Button component={Link} to={p.orderReferenceEntry} variant="light">
        {t('type.orderByReference')}
      </Button>
      <Button component={Link} to={p.receiptDocumentEntry} size="lg" leftSection={<IconTruckDelivery />}>
        {t('type.receipt')}
      </Button>
      <Button component={Link} to={p.receiptReferenceEntry} variant="light">
        {t('type.receiptByReference')}
      </Button>
      <Button component={Link} to={p.documents} variant="subtle" leftSection={<IconList />}>
        {t('type.browse')}
      </Button>
    </Stack>
  );
}
