import type { UserContext } from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { loadOfflineDb } from '../../offline/lazy-db';
import { ApiError, apiFetch } from '../api-client';
import { storeClaims } from '../claims';

export const sessionKeys = {
  all: ['session'] as const,
  context: () => [...sessionKeys.all, 'context'] as const,
};

/** Keeps claims (spec §7) and the offline copy of the context in step with the server's answer. */
export async function rememberContext(context: UserContext): Promise<UserContext> {
  const { db } = await loadOfflineDb();
  await Promise.all([storeClaims(context), db.userContext.clear().then(() => db.userContext.put(context))]);
  // Issue 4 point 4: every context seen (login, start, context change) keeps the offline article cache current.
  void import('../../offline/article-cache/start').then((cache) => cache.syncArticleCache(context));
  return context;
}

/** The server's context; without network the last one seen, so the installed app still starts offline. */
export async function fetchUserContext(): Promise<UserContext> {
  try {
    return await rememberContext(await apiFetch<UserContext>('/v1/security/user/context'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      const { db } = await loadOfflineDb();
      const last = await db.userContext.toCollection().first();
      if (last) return last;
    }
    throw error;
  }
}

export const userContextQuery = () =>
  queryOptions({ queryKey: sessionKeys.context(), queryFn: fetchUserContext, staleTime: 60_000 });
