import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { TurnoverMonth } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoneyEuros } from '../../../../lib/format';
import { turnoverBars } from '../../model/turnover';

/** Bars per month, this year against the previous one; its own chunk (recharts is large). */
export default function TurnoverChart({ months }: { months: TurnoverMonth[] }) {
  const { t } = useTranslation('article-info');
  return (
    <BarChart
      h={220}
      data={turnoverBars(months).map((b) => ({ ...b }))}
      dataKey="label"
      series={[
        { name: 'previous', label: t('turnover.previous'), color: 'gray.5' },
        { name: 'current', label: t('turnover.current'), color: 'blue.6' },
      ]}
      valueFormatter={formatMoneyEuros}
      withLegend
      tickLine="y"
      aria-label={t('sections.turnover')}
      data-testid="turnover-chart"
    />
  );
}
