import type { UserContext } from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../lib/api-client';
import { afterStartUp, whenIdle } from '../lib/idle';
import { loadOfflineDb } from '../offline/lazy-db';
import { holdClaims, storeClaims } from './claims';
import { awaitsPasswordChange } from './guard-decisions';

export const sessionKeys = {
  all: ['session'] as const,
  context: () => [...sessionKeys.all, 'context'] as const,
};

// Bumped when a session is forgotten: a background copy still pending for it must not write it back.
let sessionGeneration = 0;
export const dropPendingOfflineCopies = () => {
  sessionGeneration++;
};

type ContextListener = (context: UserContext) => Promise<unknown>;
const contextListeners = new Set<ContextListener>();

/**
 * What must follow every context seen, once its offline copy is stored: start-up wiring (app/) keeps the
 * device copies a capture needs. Answers the unsubscribe.
 */
export function onContextKept(listener: ContextListener): () => void {
  contextListeners.add(listener);
  return () => contextListeners.delete(listener);
}

/**
 * Keeps claims (docs/spec.md §7) and the offline copy of the context in step with the server's answer. The claims
 * are held in memory at once; the database copy and the article cache refresh run when the browser is
 * idle, so the first screen after login does not wait for the database code.
 */
export async function rememberContext(context: UserContext): Promise<UserContext> {
  holdClaims(context);
  const generation = sessionGeneration;
  // The job's promise settles once the database code is loaded and the copy kept; the cache sync follows later.
  whenIdle(() => keepOfflineCopy(context, generation));
  return context;
}

async function keepOfflineCopy(context: UserContext, generation: number): Promise<void> {
  try {
    const { db } = await loadOfflineDb();
    if (generation !== sessionGeneration) return;
    await Promise.all([storeClaims(context), db.userContext.clear().then(() => db.userContext.put(context))]);
  } catch {
    // No usable browser database (private mode, full disk): the session works on, only offline start will not.
    return;
  }
  if (generation !== sessionGeneration) return;
  // Until a one-time password is replaced the server refuses every other call: the device copies and the
  // article cache follow the context the change brings.
  if (awaitsPasswordChange(context)) return;
  for (const listener of contextListeners) void listener(context).catch(() => undefined);
  // Every context seen (login, start, context change) keeps the offline article cache current. Its download
  // runs in a worker, yet it keeps a core and the server busy for seconds: it starts once the screen's own
  // start-up jobs (the scanner, the device copies just asked for, the reports) have run.
  afterStartUp(async () => {
    if (generation !== sessionGeneration) return;
    const cache = await import('../offline/article-cache/start');
    void cache.syncArticleCache(context).catch(() => undefined);
  });
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
