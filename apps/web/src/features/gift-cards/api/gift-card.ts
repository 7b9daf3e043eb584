import type { GiftCard } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { giftCardEndpoints } from './endpoints';
import { giftCardKeys } from './keys';

export const fetchGiftCard = (type: string, code: string, signal?: AbortSignal) =>
  apiFetch<GiftCard>(giftCardEndpoints.card(type, code), { signal });

// Balance checks are rate-limited per user: an unknown code or a refusal is an answer, not worth a retry.
const retryOnlyTransient = (count: number, error: unknown) =>
  count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export const giftCardQuery = (type: string, code: string) =>
  queryOptions({
    queryKey: giftCardKeys.card(type, code),
    queryFn: ({ signal }) => fetchGiftCard(type, code, signal),
    retry: retryOnlyTransient,
  });

export const useGiftCard = (type: string, code: string) => useQuery(giftCardQuery(type, code));
