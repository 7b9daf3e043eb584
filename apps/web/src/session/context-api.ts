import type { Account, ContextChange, Firma, UserContext, Vkforg } from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { deviceBacked } from './device-backed';
import { rememberContext, sessionKeys } from './user-context';

export const contextKeys = {
  accounts: () => [...sessionKeys.all, 'accounts'] as const,
  vkforgs: () => [...sessionKeys.all, 'vkforgs'] as const,
  firmas: () => [...sessionKeys.all, 'firmas'] as const,
};

export const accountsQuery = () =>
  queryOptions({
    queryKey: contextKeys.accounts(),
    queryFn: ({ signal }) =>
      deviceBacked({
        key: () => 'accounts',
        fetch: () => apiFetch<Account[]>('/v2/security/user/accounts', { signal }),
      }),
  });
export const vkforgsQuery = () =>
  queryOptions({
    queryKey: contextKeys.vkforgs(),
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `vkforgs:${c.accountid}`,
        fetch: () => apiFetch<Vkforg[]>('/v1/security/user/vkforg/entities', { signal }),
      }),
  });
export const firmasQuery = () =>
  queryOptions({
    queryKey: contextKeys.firmas(),
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `firmas:${c.accountid}:${c.vkforgid}`,
        fetch: () => apiFetch<Firma[]>('/v1/security/user/firma/entities', { signal }),
      }),
  });

/** docs/spec.md §4 context change: the server answers with the new context; every view then refreshes. */
export async function changeContext(change: ContextChange): Promise<UserContext> {
  const context = await rememberContext(
    await apiFetch<UserContext>('/v1/security/user/context', { method: 'PATCH', body: change }),
  );
  queryClient.setQueryData(sessionKeys.context(), context);
  await queryClient.invalidateQueries();
  return context;
}
