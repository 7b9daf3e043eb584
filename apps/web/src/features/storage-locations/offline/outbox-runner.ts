import type { Assignment, LocationDetail, LocationProduct, UserContext } from '@mde/contracts';
import { queryClient } from '../../../lib/query-client';
import { createOutboxRunner } from '../../../offline/change-outbox/outbox-runner';
import { addDeviceChangeCounter } from '../../../offline/device-report';
import { sessionKeys } from '../../../session/user-context';
import { storageKeys } from '../api/keys';
import { fetchServerAssignment, sendChange } from '../api/send-change';
import { patchSnapshotCopy, vkforgKeyOf } from '../api/snapshot';
import { patchAssignment } from '../model/snapshot-patch';
import type { Owner } from './outbox';
import { storageOutboxDb } from './outbox-db';
import { type SyncReport, syncOutbox } from './outbox-sync';

/** Whose changes are sent now: the session's user in its current firma and vkforg. */
export const ownerOf = (context: Pick<UserContext, 'userId' | 'firmaid' | 'vkforgid'>): Owner => ({
  userId: context.userId,
  scope: `${context.firmaid}:${context.vkforgid}`,
});

/** The product screen shows the server's row at once (it is refetched afterwards anyway). */
function showServerRow(context: UserContext, locationId: number, articleId: number, row: Assignment | null) {
  queryClient.setQueryData<{ data: LocationProduct; offline: boolean }>(
    storageKeys.product(vkforgKeyOf(context), locationId, articleId),
    (old) => (old ? { ...old, data: { ...old.data, assignment: row } } : old),
  );
  queryClient.setQueryData<{ data: LocationDetail; offline: boolean }>(
    storageKeys.location(vkforgKeyOf(context), locationId),
    (old) => {
      if (!old) return old;
      const others = old.data.assignments.filter((a) => a.articleId !== articleId);
      return { ...old, data: { ...old.data, assignments: row ? [...others, row] : others } };
    },
  );
}

async function runOnce(): Promise<SyncReport | null> {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  if (!context) return null;
  const report = await syncOutbox(ownerOf(context), {
    send: sendChange,
    fetchServer: fetchServerAssignment,
    onApplied: (change, row) => showServerRow(context, change.locationId, change.article.articleId, row),
  });
  for (const a of report.applied) {
    await patchSnapshotCopy(context, (copy) => patchAssignment(copy, a.locationId, a.articleId, a.row));
  }
  if (report.sent > 0 || report.setAside.length > 0 || report.conflicts > 0) {
    await queryClient.invalidateQueries({ queryKey: storageKeys.all });
  }
  return report;
}

const runner = createOutboxRunner(runOnce);

/** One run at a time; a call during a run asks for one more run right after it. */
export const syncStorageNow = runner.syncNow;
/** Screens hear what a run did (sent, set aside), to tell the user. */
export const onOutboxReport = runner.onReport;
/** Starts with the module's first screen and keeps running: on reconnect and every 30 s it sends what waits. */
export function startStorageSync(): void {
  // The admin's device list counts these edits with the device's other waiting and set-aside changes.
  addDeviceChangeCounter(async (owner) => ({
    waiting: await storageOutboxDb.changes.where('owner').equals(owner).count(),
    setAside: await storageOutboxDb.setAside.where('owner').equals(owner).count(),
  }));
  runner.start();
}
