import type { DeliveryNoteDetail, UserContext } from '@mde/contracts';
import { apiFetch } from '../../../lib/api-client';
import { readDeviceCopy, writeDeviceCopy } from '../../../offline/device-copies';
import { loadOfflineDb } from '../../../offline/lazy-db';
import { deviceBacked } from '../../../session/device-backed';
import { deliveryNoteEndpoints } from './endpoints';

const copyKey = (c: Pick<UserContext, 'firmaid' | 'vkforgid'>) => `delivery-notes:${c.firmaid}:${c.vkforgid}`;

/** Keeps the vkforg's notes due around today on the device (online), so a shift without network can count. */
export const refreshNoteSnapshot = () =>
  deviceBacked<DeliveryNoteDetail[]>({
    key: copyKey,
    fetch: () => apiFetch<DeliveryNoteDetail[]>(deliveryNoteEndpoints.snapshot),
  }).then(
    () => undefined,
    () => undefined,
  );

/** The device's copy only (the screen's offline answer); undefined when none was kept. */
export async function readNoteCopy(context: UserContext): Promise<DeliveryNoteDetail[] | undefined> {
  try {
    const { db } = await loadOfflineDb();
    return await readDeviceCopy<DeliveryNoteDetail[]>(db.deviceCopies, context.userId, copyKey(context));
  } catch {
    return undefined;
  }
}

/**
 * Puts what the server just said of a note into the device's copy (a note opened, a change synced), so a
 * reload without network starts from the newest counts the device has seen.
 */
export async function keepNoteInCopy(context: UserContext, note: DeliveryNoteDetail): Promise<void> {
  try {
    const { db } = await loadOfflineDb();
    const copy = (await readDeviceCopy<DeliveryNoteDetail[]>(db.deviceCopies, context.userId, copyKey(context))) ?? [];
    const others = copy.filter((n) => n.id !== note.id);
    await writeDeviceCopy(db.deviceCopies, context.userId, copyKey(context), [...others, note]);
  } catch {
    // A full disk loses only the offline copy's freshness; the screen has the server's answer.
  }
}
