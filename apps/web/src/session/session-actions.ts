import type { LoginRequest, UserContext } from '@mde/contracts';
import { apiFetch } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { loadOfflineDb } from '../offline/lazy-db';
import { clearClaims } from './claims';
import { dropPendingOfflineCopies, rememberContext, sessionKeys } from './user-context';

export async function login(request: LoginRequest): Promise<UserContext> {
  const context = await rememberContext(
    await apiFetch<UserContext>('/v1/auth/login', { method: 'POST', body: request }),
  );
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.context(), context);
  requestPersistentStorage();
  return context;
}

/** docs/spec.md §4: storage persistence is requested after login, so captured data is not evicted. */
function requestPersistentStorage(): void {
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * Forgets everything of the session on this device: query caches, claims, the offline context.
 * Never the IndexedDB tables that hold data waiting to be synced: logout must not lose captured work.
 */
export async function forgetSession(): Promise<void> {
  dropPendingOfflineCopies();
  queryClient.clear();
  await clearClaims();
  const { db, SESSION_TABLES } = await loadOfflineDb();
  await Promise.all(SESSION_TABLES.map((t) => db.table(t).clear()));
}

/** Server logout revokes the cookie; the local session is forgotten even when the server is unreachable. */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/v1/auth/logout', { method: 'POST' });
  } finally {
    await forgetSession();
  }
}
