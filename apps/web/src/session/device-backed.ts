import type { UserContext } from '@mde/contracts';
import { ApiError, networkError } from '../lib/api-client';
import { atNextIdle } from '../lib/idle';
import { isOffline } from '../lib/online';
import { queryClient } from '../lib/query-client';
import { readDeviceCopy, writeDeviceCopy } from '../offline/device-copies';
import { loadOfflineDb } from '../offline/lazy-db';
import { sessionKeys } from './user-context';

export interface DeviceBackedSource<T> {
  /** Where the copy is kept for the context, e.g. `warehouses:${firmaid}:${vkforgid}`. */
  key: (context: UserContext) => string;
  fetch: () => Promise<T>;
  /** What is kept of a fresh answer (default: the answer; suppliers keep every one seen). */
  keep?: (fresh: T, kept: unknown) => unknown;
  /** The answer read from the kept copy (default: the copy; suppliers filter it by the search). */
  read?: (kept: unknown) => T;
}

type CopyStore = Awaited<ReturnType<typeof loadOfflineDb>>['db'];

async function currentContext(db: CopyStore | null): Promise<UserContext | undefined> {
  const held = queryClient.getQueryData<UserContext>(sessionKeys.context());
  if (held) return held;
  return db ? await db.userContext.toCollection().first() : undefined;
}

async function openStore(): Promise<CopyStore | null> {
  try {
    return (await loadOfflineDb()).db;
  } catch {
    // No usable browser database (private mode): the server alone answers.
    return null;
  }
}

/** The kept copy of `source` for the current user and context, if there is one. */
async function readKept<T>(source: DeviceBackedSource<T>): Promise<T | undefined> {
  const db = await openStore();
  const context = await currentContext(db);
  if (!db || !context) return undefined;
  const kept = await readDeviceCopy<unknown>(db.deviceCopies, context.userId, source.key(context)).catch(
    () => undefined,
  );
  if (kept === undefined) return undefined;
  return source.read ? source.read(kept) : (kept as T);
}

/** Keeps a fresh answer for the user and context it was fetched in. */
async function keepCopy<T>(source: DeviceBackedSource<T>, fresh: T, context: UserContext | undefined): Promise<void> {
  const db = await openStore();
  const owner = context ?? (await currentContext(db));
  if (!db || !owner) return;
  const key = source.key(owner);
  try {
    const before = source.keep ? await readDeviceCopy<unknown>(db.deviceCopies, owner.userId, key) : undefined;
    await writeDeviceCopy(db.deviceCopies, owner.userId, key, source.keep ? source.keep(fresh, before) : fresh);
  } catch {
    // A full disk loses only the offline copy; the answer itself is fine.
  }
}

/**
 * A server answer a capture needs, backed by the device: online the server's answer, kept for the user;
 * offline, or when the server cannot be reached, the kept copy at once. Without a copy the German
 * connection error, never a wait. Online the browser database is not on the way: the copy is written once
 * the screen is drawn (a background job), for the context the answer was fetched in.
 */
export async function deviceBacked<T>(source: DeviceBackedSource<T>): Promise<T> {
  if (isOffline()) {
    const kept = await readKept(source);
    if (kept !== undefined) return kept;
    throw networkError();
  }
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  let fresh: T;
  try {
    fresh = await source.fetch();
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      const kept = await readKept(source);
      if (kept !== undefined) return kept;
    }
    throw error;
  }
  atNextIdle(() => keepCopy(source, fresh, context));
  return fresh;
}
