import type { DailyBalance } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { giftCardEndpoints } from './endpoints';
import { giftCardKeys } from './keys';

export const fetchDailyBalance = (date: string, signal?: AbortSignal) =>
  apiFetch<DailyBalance>(giftCardEndpoints.dailyBalance(date), { signal });

export const dailyBalanceQuery = (date: string) =>
  queryOptions({ queryKey: giftCardKeys.dailyBalance(date), queryFn: ({ signal }) => fetchDailyBalance(date, signal) });

export const useDailyBalance = (date: string) => useQuery(dailyBalanceQuery(date));
