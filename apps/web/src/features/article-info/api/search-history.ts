import type { SearchHistoryBody, SearchHistoryEntry } from '@mde/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleEndpoints } from './endpoints';
import { articleInfoKeys } from './keys';

export const fetchSearchHistory = (signal?: AbortSignal) =>
  apiFetch<{ items: SearchHistoryEntry[] }>(articleEndpoints.searchHistory, { signal });

export const searchHistoryQuery = () =>
  queryOptions({ queryKey: articleInfoKeys.searchHistory(), queryFn: ({ signal }) => fetchSearchHistory(signal) });

export const useSearchHistory = () => useQuery(searchHistoryQuery());

export const recordSearchHistory = (body: SearchHistoryBody) =>
  apiFetch<{ items: SearchHistoryEntry[] }>(articleEndpoints.searchHistory, { method: 'POST', body });

/** Records a search term or an opened article; offline it is simply not recorded (history is a comfort). */
export function useRecordSearchHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordSearchHistory,
    // The answer is the new history: no second request needed.
    onSuccess: (history) => client.setQueryData(articleInfoKeys.searchHistory(), history),
  });
}

export const clearSearchHistory = () => apiFetch<{ ok: true }>(articleEndpoints.searchHistory, { method: 'DELETE' });

export function useClearSearchHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearSearchHistory,
    onSuccess: () => client.invalidateQueries({ queryKey: articleInfoKeys.searchHistory() }),
  });
}
