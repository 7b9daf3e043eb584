import type { UserContext } from '@mde/contracts';
import { useLiveQuery } from '../../../capture/hooks/use-live-query';
import { pendingNoteChanges, setAsideNoteChanges } from '../offline/outbox';
import type { NoteChange, SetAsideNoteChange } from '../offline/outbox-db';
import { ownerOf } from '../offline/outbox-runner';

/** The user's waiting and set-aside changes in this context, live from the outbox (empty until read). */
export function useNoteOutbox(context: UserContext | undefined): {
  pending: NoteChange[];
  setAside: SetAsideNoteChange[];
} {
  const owner = context ? ownerOf(context) : null;
  return (
    useLiveQuery(
      async () =>
        owner
          ? { pending: await pendingNoteChanges(owner), setAside: await setAsideNoteChanges(owner) }
          : { pending: [], setAside: [] },
      [owner?.userId, owner?.scope],
    ) ?? { pending: [], setAside: [] }
  );
}
