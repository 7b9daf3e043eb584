import type { DocumentResult } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { ReportTable } from '../../../capture/components/report-table';
import { formatQuantity } from '../../../lib/format';

/** Warenverprobung's export result (docs/modules.md#warenverprobung): the count against the document. */
export function ComparisonReport({ result }: { result: DocumentResult }) {
  const { t } = useTranslation('capture');
  if (result.kind !== 'goods-receipt-check') return null;
  return (
    <ReportTable
      title={t('export.comparisonTitle', { number: result.documentNumber })}
      testId="comparison-report"
      headers={[t('export.expected'), t('export.counted'), t('export.difference')]}
      rows={result.rows.map((r) => ({
        key: r.articleId,
        label: `${r.articleNumber} · ${r.designation} (${t(`export.status.${r.status}`)})`,
        cells: [formatQuantity(r.expected, r.unit), formatQuantity(r.counted, r.unit), formatQuantity(r.difference)],
        lastColor: r.status === 'ok' ? undefined : 'red.9',
      }))}
    />
  );
}
