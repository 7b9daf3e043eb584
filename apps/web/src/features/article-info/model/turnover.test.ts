import type { TurnoverMonth } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { monthLabel, turnoverBars, turnoverTotals } from './turnover';

const month = (m: string, cents: number, prev: number | null): TurnoverMonth => ({
  month: m,
  amountCents: cents,
  quantity: cents / 100,
  previousYearAmountCents: prev,
  previousYearQuantity: prev === null ? null : prev / 100,
});

describe('turnover', () => {
  it('labels months as MM/yy', () => {
    expect(monthLabel('2026-03')).toBe('03/26');
  });

  it('orders the bars oldest first in euros, a missing previous year as 0', () => {
    const bars = turnoverBars([month('2026-11', 12345, null), month('2026-10', 5000, 4000)]);
    expect(bars).toEqual([
      { label: '10/26', month: '2026-10', current: 50, previous: 40 },
      { label: '11/26', month: '2026-11', current: 123.45, previous: 0 },
    ]);
  });

  it('sums both years and the change in percent', () => {
    const totals = turnoverTotals([month('2026-11', 15000, 10000), month('2026-10', 5000, 10000)]);
    expect(totals).toMatchObject({
      amountCents: 20000,
      previousYearAmountCents: 20000,
      changePercent: 0,
      quantity: 200,
    });
    expect(turnoverTotals([month('2026-11', 15000, 10000)]).changePercent).toBe(50);
    expect(turnoverTotals([month('2026-11', 15000, null)]).changePercent).toBeNull();
  });
});
