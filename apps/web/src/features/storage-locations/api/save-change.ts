import type { UserContext } from '@mde/contracts';
import { enqueueChange, type NewChange } from '../offline/outbox';
import { storageOutboxDb } from '../offline/outbox-db';
import { ownerOf, syncStorageNow } from '../offline/outbox-runner';

export type SaveResult = 'sent' | 'waiting' | 'conflict' | { setAside: string };

/**
 * Every edit goes through the outbox, online too: it is on disk before anything is sent, and the same
 * change key makes a resend count once. Answers what became of it by the end of the first run.
 */
export async function saveChange(context: UserContext, change: NewChange): Promise<SaveResult> {
  const id = await enqueueChange(ownerOf(context), change);
  await syncStorageNow();
  const left = await storageOutboxDb.changes.get(id);
  if (!left) {
    const aside = await storageOutboxDb.setAside.filter((a) => a.change.id === id).last();
    return aside ? { setAside: aside.reason } : 'sent';
  }
  return left.conflict ? 'conflict' : 'waiting';
}
