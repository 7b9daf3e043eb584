import type { DocumentResult } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { ReportTable } from '../../../capture/components/report-table';
import { formatQuantity } from '../../../lib/format';

/** Artikelvorrat's export result (docs/modules.md#artikelvorrat): the reorder quantity per article, in its order unit. */
export function ReorderReport({ result }: { result: DocumentResult }) {
  const { t } = useTranslation('capture');
  if (result.kind !== 'reorder') return null;
  return (
    <ReportTable
      title={t('export.reorderTitle')}
      testId="reorder-report"
      headers={[t('export.onHand'), t('export.target'), t('export.reorder')]}
      rows={result.rows.map((r) => ({
        key: r.articleId,
        label: `${r.articleNumber} · ${r.designation}`,
        cells: [
          formatQuantity(r.onHand),
          formatQuantity(r.targetStock),
          formatQuantity(r.reorderQuantity / (r.orderFactor || 1), r.orderUnit),
        ],
      }))}
    />
  );
}
