import type { Account, AdminUser, AdminUserInput, AdminUserList, AdminUserListQuery, Vkforg } from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const BASE = '/v1/admin/users';

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUserListQuery) => [...adminUserKeys.all, 'list', query] as const,
  one: (id: number) => [...adminUserKeys.all, 'one', id] as const,
};

export const adminUsersQuery = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined && value !== '') params.set(key, String(value));
      return apiFetch<AdminUserList>(`${BASE}?${params.toString()}`, { signal });
    },
  });

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.one(id),
    queryFn: ({ signal }) => apiFetch<AdminUser>(`${BASE}/${id}`, { signal }),
  });

/** The admin's own stores and accounts: what they can give a user. */
export const adminVkforgsQuery = () =>
  queryOptions({
    queryKey: [...adminUserKeys.all, 'vkforgs'],
    queryFn: ({ signal }) => apiFetch<Vkforg[]>('/v1/security/user/vkforg/entities', { signal }),
  });
export const adminAccountsQuery = () =>
  queryOptions({
    queryKey: [...adminUserKeys.all, 'accounts'],
    queryFn: ({ signal }) => apiFetch<Account[]>('/v2/security/user/accounts', { signal }),
  });

export const createAdminUser = (body: AdminUserInput) =>
  apiFetch<{ password: string; user: AdminUser }>(BASE, { method: 'POST', body });
export const updateAdminUser = (id: number, body: AdminUserInput & { version: number }) =>
  apiFetch<AdminUser>(`${BASE}/${id}`, { method: 'PUT', body });
export const setAdminUserDisabled = (user: AdminUser, disabled: boolean) =>
  apiFetch<AdminUser>(`${BASE}/${user.id}/${disabled ? 'disable' : 'enable'}`, {
    method: 'POST',
    body: { version: user.version },
  });
export const setAdminUserOneTimePassword = (id: number) =>
  apiFetch<{ password: string; user: AdminUser }>(`${BASE}/${id}/one-time-password`, { method: 'POST' });
export const sendAdminUserResetMail = (id: number) =>
  apiFetch<{ message: string; user: AdminUser }>(`${BASE}/${id}/password-reset-mail`, { method: 'POST' });
export const unlockAdminUser = (id: number) =>
  apiFetch<{ message: string; user: AdminUser }>(`${BASE}/${id}/unlock`, { method: 'POST' });
