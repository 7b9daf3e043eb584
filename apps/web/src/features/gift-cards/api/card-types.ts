import type { GiftCardTypeInfo } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { giftCardEndpoints } from './endpoints';
import { giftCardKeys } from './keys';

export const fetchCardTypes = (signal?: AbortSignal) =>
  apiFetch<GiftCardTypeInfo[]>(giftCardEndpoints.types, { signal });

export const cardTypesQuery = () =>
  queryOptions({ queryKey: giftCardKeys.types(), queryFn: ({ signal }) => fetchCardTypes(signal), staleTime: 300_000 });

export const useCardTypes = () => useQuery(cardTypesQuery());
