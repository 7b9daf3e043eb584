import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { userContextQuery } from '../../../session/user-context';
import { canEditNotes } from '../model/note-rules';
import { NoteDetail } from './note-detail';
import { NoteList } from './note-list';

/** Spec §2: delivery-note processing is a single screen: the list, or the note chosen in it (?beleg=). */
export function DeliveryNotesPage() {
  const [params, setParams] = useSearchParams();
  const user = useQuery(userContextQuery()).data;
  const id = Number(params.get('beleg'));
  const open = (next: number | null) => setParams(next ? { beleg: String(next) } : {});
  return (
    <Stack gap="sm">
      <ModuleStepPage module="delivery-notes" step="deliveryNotes" />
      {Number.isInteger(id) && id > 0 ? (
        <NoteDetail id={id} canEdit={canEditNotes(user?.permissions ?? [])} onBack={() => open(null)} />
      ) : (
        <NoteList onOpen={open} />
      )}
    </Stack>
  );
}
