import { Alert, Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dismissSetAside } from '../offline/outbox';
import type { NoteChange, SetAsideNoteChange } from '../offline/outbox-db';

/** How many changes wait to be sent, and each change the server refused with its reason, until dismissed. */
export function OutboxPanel({ pending, setAside }: { pending: NoteChange[]; setAside: SetAsideNoteChange[] }) {
  const { t } = useTranslation('delivery-notes');
  const reasonOf = (a: SetAsideNoteChange) => {
    const number = a.change.noteNumber;
    if (a.code === 'ALREADY_BOOKED') {
      return a.change.kind === 'book'
        ? t('outbox.bookedMeanwhile', { number })
        : t('outbox.countAfterBooking', { number });
    }
    // A refused scan names its code: the worker finds the package it came from.
    if (a.change.kind === 'scan' && a.change.code)
      return t('outbox.refusedScan', { number, code: a.change.code, reason: a.reason });
    return t('outbox.refused', { number, reason: a.reason });
  };
  return (
    <Stack gap="xs">
      {pending.length > 0 && (
        <Badge color="orange" size="lg" variant="light" data-testid="note-outbox" style={{ alignSelf: 'flex-start' }}>
          {t('outbox.waiting', { count: pending.length })}
        </Badge>
      )}
      {setAside.map((a) => (
        <Alert key={a.id} color="red" title={t('outbox.setAsideTitle')} data-testid="note-set-aside">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {reasonOf(a)}
            </Text>
            <CloseButton aria-label={t('outbox.dismiss')} onClick={() => void dismissSetAside(a.id ?? 0)} />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
