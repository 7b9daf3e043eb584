import type { TurnoverMonth } from '@mde/contracts';

export interface TurnoverBar {
  /** 'MM/yy' of the month. */
  label: string;
  month: string;
  current: number;
  previous: number;
}

/** 'YYYY-MM' → 'MM/yy'. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(2, 4)}`;

/**
 * Turnover against the previous year (docs/modules.md#artikel-info) as chart bars, oldest month first so the chart reads left
 * to right; amounts in euros (the chart's axis), missing previous-year months as 0.
 */
export function turnoverBars(months: TurnoverMonth[]): TurnoverBar[] {
  return [...months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({
      label: monthLabel(m.month),
      month: m.month,
      current: m.amountCents / 100,
      previous: (m.previousYearAmountCents ?? 0) / 100,
    }));
}

export interface TurnoverTotals {
  amountCents: number;
  quantity: number;
  previousYearAmountCents: number;
  previousYearQuantity: number;
  /** Change against the previous year in percent, null without previous-year turnover. */
  changePercent: number | null;
}

export function turnoverTotals(months: TurnoverMonth[]): TurnoverTotals {
  const sum = (f: (m: TurnoverMonth) => number | null) => months.reduce((s, m) => s + (f(m) ?? 0), 0);
  const amountCents = sum((m) => m.amountCents);
  const previousYearAmountCents = sum((m) => m.previousYearAmountCents);
  return {
    amountCents,
    quantity: sum((m) => m.quantity),
    previousYearAmountCents,
    previousYearQuantity: sum((m) => m.previousYearQuantity),
    changePercent:
      previousYearAmountCents === 0 ? null : ((amountCents - previousYearAmountCents) / previousYearAmountCents) * 100,
  };
}
