import type { DocumentResult } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { ReportTable } from '../../../capture/components/report-table';
import { formatQuantity } from '../../../lib/format';

// The report sits in the green export message: red 9 and a darker green keep 4.5:1 on its light green.
const differenceColor = (d: number) => (d === 0 ? undefined : d < 0 ? 'red.9' : '#1f6f2f');

/** Inventur's export result (docs/modules.md#inventur): counted against book stock, per article. */
export function DifferenceReport({ result }: { result: DocumentResult }) {
  const { t } = useTranslation('capture');
  if (result.kind !== 'inventory') return null;
  return (
    <ReportTable
      title={t('export.differenceTitle')}
      testId="difference-report"
      headers={[t('export.book'), t('export.counted'), t('export.difference')]}
      rows={result.rows.map((r) => ({
        key: r.articleId,
        label: `${r.articleNumber} · ${r.designation}`,
        cells: [formatQuantity(r.bookStock), formatQuantity(r.countedStock), formatQuantity(r.difference)],
        lastColor: differenceColor(r.difference),
      }))}
    />
  );
}
