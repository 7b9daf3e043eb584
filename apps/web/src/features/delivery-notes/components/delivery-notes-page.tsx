import { Stack } from '@mantine/core';
import { DELIVERY_NOTE_PARAM } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { isOffline } from '../../../lib/online';
import { userContextQuery } from '../../../session/user-context';
import { refreshNoteSnapshot } from '../api/snapshot';
import { canEditNotes } from '../model/note-rules';
import { startNoteSync } from '../offline/outbox-runner';
import { NoteDetail } from './note-detail';
import { NoteList } from './note-list';
import { OutboxPanel } from './outbox-panel';
import { useNoteOutbox } from './use-note-outbox';

/** docs/spec.md §2: delivery-note processing is a single screen: the list, or the note chosen in it (?beleg=). */
export function DeliveryNotesPage() {
  const [params, setParams] = useSearchParams();
  const context = useQuery(userContextQuery()).data;
  const outbox = useNoteOutbox(context);
  const id = Number(params.get(DELIVERY_NOTE_PARAM));
  const open = (next: number | null) => setParams(next ? { [DELIVERY_NOTE_PARAM]: String(next) } : {});
  const noteOpen = Number.isInteger(id) && id > 0;
  const contextKey = context ? `${context.firmaid}:${context.vkforgid}` : null;

  useEffect(() => {
    startNoteSync();
  }, []);
  // Online, the notes due around today go onto the device, so a shift without network can open and count them.
  useEffect(() => {
    if (contextKey && !isOffline()) void refreshNoteSnapshot();
  }, [contextKey]);

  return (
    <Stack gap="sm">
      <ModuleStepPage module="delivery-notes" step="deliveryNotes" />
      {/* A refusal belongs to its note: an open note shows only its own, the list all of them. */}
      <OutboxPanel
        pending={outbox.pending}
        setAside={noteOpen ? outbox.setAside.filter((a) => a.change.noteId === id) : outbox.setAside}
      />
      {context && noteOpen ? (
        <NoteDetail
          key={id}
          id={id}
          context={context}
          canEdit={canEditNotes(context.permissions)}
          pending={outbox.pending}
          onBack={() => open(null)}
        />
      ) : (
        <NoteList onOpen={open} />
      )}
    </Stack>
  );
}
