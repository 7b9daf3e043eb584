import { Stack, Text } from '@mantine/core';
import type { TurnoverMonth } from '@mde/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../../components/lazy-part';
import { formatMoneyCents, formatQuantity } from '../../../../lib/format';
import { monthLabel, turnoverTotals } from '../../model/turnover';
import { EmptyState, LoadingState } from '../state-views';
import { DataTable } from './data-table';

const TurnoverChart = lazyPart(async () => (await import('./turnover-chart')).default);

const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, signDisplay: 'always' });

/** Turnover by month against the previous year, as a chart and a table (docs/modules.md#artikel-info). */
export function TurnoverSection({ months }: { months: TurnoverMonth[] }) {
  const { t } = useTranslation('article-info');
  if (months.length === 0) return <EmptyState />;
  const totals = turnoverTotals(months);
  const rows = months.map((m) => [
    monthLabel(m.month),
    formatMoneyCents(m.amountCents),
    formatQuantity(m.quantity),
    m.previousYearAmountCents === null ? '–' : formatMoneyCents(m.previousYearAmountCents),
    m.previousYearQuantity === null ? '–' : formatQuantity(m.previousYearQuantity),
  ]);
  rows.push([
    t('turnover.total'),
    formatMoneyCents(totals.amountCents),
    formatQuantity(totals.quantity),
    formatMoneyCents(totals.previousYearAmountCents),
    formatQuantity(totals.previousYearQuantity),
  ]);
  return (
    <Stack gap="xs">
      <Suspense fallback={<LoadingState />}>
        <TurnoverChart months={months} />
      </Suspense>
      {totals.changePercent !== null && (
        <Text size="sm">{t('turnover.change', { value: `${percent.format(totals.changePercent)} %` })}</Text>
      )}
      <DataTable
        label={t('sections.turnover')}
        head={[
          t('turnover.month'),
          t('turnover.amount'),
          t('turnover.quantity'),
          t('turnover.previousAmount'),
          t('turnover.previousQuantity'),
        ]}
        rows={rows}
      />
    </Stack>
  );
}
