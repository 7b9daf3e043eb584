import type { StorageSnapshot, UserContext } from '@mde/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { readDeviceCopy, writeDeviceCopy } from '../../../offline/device-copies';
import { loadOfflineDb } from '../../../offline/lazy-db';
import { deviceBacked } from '../../../session/device-backed';
import { storageEndpoints } from './endpoints';
import { storageKeys } from './keys';

export const vkforgKeyOf = (context: Pick<UserContext, 'firmaid' | 'vkforgid'>) =>
  `${context.firmaid}:${context.vkforgid}`;
const copyKey = (context: Pick<UserContext, 'firmaid' | 'vkforgid'>) => `storage-locations:${vkforgKeyOf(context)}`;

/**
 * Every location and assignment of the vkforg, kept on the device (offline). Online it is the server's
 * answer and refreshes the copy; without network the copy.
 */
export const snapshotQuery = (context: UserContext) =>
  queryOptions({
    queryKey: storageKeys.snapshot(vkforgKeyOf(context)),
    queryFn: () =>
      deviceBacked<StorageSnapshot>({
        key: copyKey,
        fetch: () => apiFetch<StorageSnapshot>(storageEndpoints.snapshot),
      }),
    staleTime: 5 * 60_000,
  });

/** The device's copy only (the screens' offline answer); undefined when none was kept. */
export async function readSnapshotCopy(context: UserContext): Promise<StorageSnapshot | undefined> {
  try {
    const { db } = await loadOfflineDb();
    return await readDeviceCopy<StorageSnapshot>(db.deviceCopies, context.userId, copyKey(context));
  } catch {
    return undefined;
  }
}

/**
 * Keeps the device's copy in step with what the server just said (a fresh list, a synced change), so an
 * edit made offline later starts from the newest version the device has seen.
 */
export async function patchSnapshotCopy(
  context: UserContext,
  patch: (snapshot: StorageSnapshot) => StorageSnapshot,
): Promise<void> {
  try {
    const { db } = await loadOfflineDb();
    const copy = await readDeviceCopy<StorageSnapshot>(db.deviceCopies, context.userId, copyKey(context));
    if (copy) await writeDeviceCopy(db.deviceCopies, context.userId, copyKey(context), patch(copy));
  } catch {
    // A full disk loses only the offline copy's freshness; the screen has the server's answer.
  }
}

/**
 * Keeps the device's copy fresh while a screen of the module is open (background; offline use); `when` holds
 * it back until the screen has what it shows first.
 */
export const useKeptSnapshot = (context: UserContext | undefined, when = true) =>
  useQuery({ ...snapshotQuery(context as UserContext), enabled: !!context && when });
