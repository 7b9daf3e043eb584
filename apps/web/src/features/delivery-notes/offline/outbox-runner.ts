import type { DeliveryNoteDetail, UserContext } from '@mde/contracts';
import Dexie from 'dexie';
import { queryClient } from '../../../lib/query-client';
import { createOutboxRunner } from '../../../offline/change-outbox/outbox-runner';
import { addDeviceChangeCounter } from '../../../offline/device-report';
import { sessionKeys } from '../../../session/user-context';
import { deliveryNoteKeys } from '../api/keys';
import { sendNoteChange } from '../api/send-change';
import { keepNoteInCopy } from '../api/snapshot';
import type { Owner } from './outbox';
import { noteOutboxDb } from './outbox-db';
import { type NoteSyncReport, syncNoteOutbox } from './outbox-sync';

/** Whose changes are sent now: the session's user in its current firma and vkforg. */
export const ownerOf = (context: Pick<UserContext, 'userId' | 'firmaid' | 'vkforgid'>): Owner => ({
  userId: context.userId,
  scope: `${context.firmaid}:${context.vkforgid}`,
});

async function runOnce(): Promise<NoteSyncReport | null> {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  if (!context) return null;
  const report = await syncNoteOutbox(ownerOf(context), {
    send: sendNoteChange,
    onApplied: async (_change, note) => {
      // A refresh sent before this change would answer the note without it, after it: it is dropped.
      await queryClient.cancelQueries({ queryKey: deliveryNoteKeys.detail(note.id) });
      queryClient.setQueryData<{ data: DeliveryNoteDetail; offline: boolean }>(deliveryNoteKeys.detail(note.id), {
        data: note,
        offline: false,
      });
    },
  });
  for (const note of report.applied) await keepNoteInCopy(context, note);
  if (report.sent > 0 || report.setAside.length > 0) {
    await queryClient.invalidateQueries({ queryKey: deliveryNoteKeys.lists() });
  }
  return report;
}

const runner = createOutboxRunner(runOnce);

/** One run at a time; a call during a run asks for one more run right after it. */
export const syncNotesNow = runner.syncNow;
/** Starts with the screen and keeps running: on reconnect and every 30 s it sends what waits. */
/** This user's changes waiting to be sent and set aside, in every scope (for the device report). */
export async function countNoteChanges(owner: number, db = noteOutboxDb) {
  const mine = [
    [owner, Dexie.minKey],
    [owner, Dexie.maxKey],
  ] as const;
  return {
    waiting: await db.changes
      .where('[owner+scope]')
      .between(...mine)
      .count(),
    setAside: await db.setAside
      .where('[owner+scope]')
      .between(...mine)
      .count(),
  };
}

export function startNoteSync(): void {
  // The admin's device list counts these changes with the device's other waiting and set-aside changes.
  addDeviceChangeCounter(countNoteChanges);
  runner.start();
}
