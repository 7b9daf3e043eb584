import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../capture/hooks/use-online';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { feedback, isScanCancelled, scan, useScanConsumer } from '../../../scanner';
import { useDeliveryNote, useNoteChange } from '../api/delivery-notes';
import { NoteLine } from './note-line';
import { STATUS_COLORS } from './note-list';

/** One delivery note: its lines; scanning an article counts it up, counts can be corrected, Buchen books it. */
export function NoteDetail({ id, canEdit, onBack }: { id: number; canEdit: boolean; onBack: () => void }) {
  const { t } = useTranslation('delivery-notes');
  const note = useDeliveryNote(id);
  const change = useNoteChange(id);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const online = useOnline();
  // Counts and the booking go to the server at once (several users count one note); offline the kept copy
  // of the note is shown read-only.
  const editable = canEdit && online && note.data !== undefined && note.data.status !== 'gebucht';

  const count = (code: string) => {
    setMessage(null);
    change.mutate(
      { kind: 'scan', code },
      {
        onSuccess: () => feedback.ok(),
        onError: (error) => {
          feedback.error();
          setMessage(error.message);
        },
      },
    );
  };
  // A hardware scan on an editable note is an article of the delivery.
  useScanConsumer((s) => {
    count(s.data);
    return true;
  }, editable);
  const cameraScan = async () => {
    try {
      count((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error)) setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const report = { onError: (error: Error) => setMessage(error.message) };

  if (note.isPending) return <Loader size="sm" />;
  if (!note.data) return <QueryError error={note.error} onRetry={() => void note.refetch()} />;
  const d = note.data;
  return (
    <Stack gap="sm" data-testid="delivery-note-detail">
      <Button variant="subtle" leftSection={<IconArrowLeft />} onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        {t('detail.back')}
      </Button>
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('detail.title', { number: d.number })}
          </Text>
          <Badge color={STATUS_COLORS[d.status]} style={{ flexShrink: 0 }} data-testid="note-status">
            {d.status}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {d.supplierName} · {formatDate(d.date)}
        </Text>
        {d.bookedAt && (
          <Text size="xs" c="dimmed">
            {t('detail.booked', { at: formatDateTime(d.bookedAt), by: d.bookedBy ?? '' })}
          </Text>
        )}
      </Card>
      {!canEdit && <Alert color="gray">{t('detail.readOnly')}</Alert>}
      {canEdit && !online && <Alert color="yellow">{t('detail.offline')}</Alert>}
      {message && (
        <Alert color="red" data-testid="note-message">
          {message}
        </Alert>
      )}
      {editable && (
        <Button size="lg" leftSection={<IconBarcode />} onClick={() => void cameraScan()}>
          {t('detail.scan')}
        </Button>
      )}
      {d.lines.map((l) => (
        <NoteLine
          key={l.articleId}
          line={l}
          editable={editable}
          onCorrect={(quantity) => change.mutate({ kind: 'correct', articleId: l.articleId, quantity }, report)}
        />
      ))}
      {editable && !confirming && (
        <Button size="lg" color="green" onClick={() => setConfirming(true)}>
          {t('detail.book')}
        </Button>
      )}
      {editable && confirming && (
        <Alert color="green" title={t('detail.confirmTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('detail.confirmText')}</Text>
            <Group gap="xs" grow>
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('detail.cancel')}
              </Button>
              <Button
                color="green"
                loading={change.isPending}
                onClick={() => change.mutate({ kind: 'book' }, { ...report, onSettled: () => setConfirming(false) })}
              >
                {t('detail.confirmBook')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
