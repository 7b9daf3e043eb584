import type { UserContext } from '@mde/contracts';
import { useLiveQuery } from '../../../capture/hooks/use-live-query';
import { pendingChanges } from '../offline/outbox';
import type { StorageChange } from '../offline/outbox-db';
import { ownerOf } from '../offline/outbox-runner';

/** The user's waiting changes in this context, live from the outbox (empty until read). */
export function usePendingChanges(context: UserContext | undefined): StorageChange[] {
  const owner = context ? ownerOf(context) : null;
  return useLiveQuery(async () => (owner ? pendingChanges(owner) : []), [owner?.userId, owner?.scope]) ?? [];
}
