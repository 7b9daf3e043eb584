import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { UserContext } from '@mde/contracts';
import { IconArrowLeft, IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDownloads } from '../../../components/document-downloads';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useOnline } from '../../../lib/online';
import { feedback, isScanCancelled, scan, useScanConsumer } from '../../../scanner';
import { noteDownloadUrl, useDeliveryNote } from '../api/delivery-notes';
import { saveNoteChange, saveScan } from '../api/save-change';
import { overlayNote } from '../model/note-overlay';
import { shortage } from '../model/shortage';
import type { NoteChange } from '../offline/outbox-db';
import { BookConfirm } from './book-confirm';
import { NoteLine } from './note-line';
import { STATUS_COLORS } from './note-list';

/**
 * One delivery note: its lines; scanning an article counts it up, counts can be corrected, Buchen books it.
 * Every change goes through the outbox, so counting and booking work offline; the screen shows the server's
 * note with this device's waiting changes on top.
 */
export function NoteDetail({
  id,
  context,
  canEdit,
  pending,
  onBack,
}: {
  id: number;
  context: UserContext;
  canEdit: boolean;
  pending: NoteChange[];
  onBack: () => void;
}) {
  const { t } = useTranslation('delivery-notes');
  const note = useDeliveryNote(id);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The article last scanned and a number that changes with each of its scans: its line opens its count.
  const [scanned, setScanned] = useState<{ articleId: number; seq: number } | null>(null);
  const online = useOnline();
  const shown = note.data ? overlayNote(note.data.data, pending) : undefined;
  const editable = canEdit && shown !== undefined && shown.status !== 'gebucht' && !shown.bookingPending;

  const count = async (code: string) => {
    if (!shown) return;
    setMessage(null);
    try {
      const result = await saveScan(context, shown, code);
      if (result.ok) {
        feedback.ok();
        const articleId = result.articleId;
        if (articleId !== null) setScanned((s) => ({ articleId, seq: (s?.seq ?? 0) + 1 }));
      } else {
        feedback.error();
        setMessage('unknownCode' in result ? t('detail.unknownCode', { code: result.unknownCode }) : result.message);
      }
    } catch (error) {
      feedback.error();
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  // A hardware scan on an editable note is an article of the delivery.
  useScanConsumer((s) => {
    void count(s.data);
    return true;
  }, editable);
  const cameraScan = async () => {
    try {
      await count((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error)) setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const save = (change: Pick<NoteChange, 'kind' | 'article' | 'quantity'>) => {
    if (!shown) return;
    saveNoteChange(context, { ...change, noteId: shown.id, noteNumber: shown.number, code: null, base: null }).catch(
      (error: unknown) => setMessage(error instanceof Error ? error.message : String(error)),
    );
  };

  if (note.isPending) return <Loader size="sm" />;
  if (!shown) return <QueryError error={note.error} onRetry={() => void note.refetch()} />;
  return (
    <Stack gap="sm" data-testid="delivery-note-detail">
      <Button variant="subtle" leftSection={<IconArrowLeft />} onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        {t('detail.back')}
      </Button>
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('detail.title', { number: shown.number })}
          </Text>
          <Badge color={STATUS_COLORS[shown.status]} style={{ flexShrink: 0 }} data-testid="note-status">
            {shown.status}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {shown.supplierName} · {formatDate(shown.date)}
        </Text>
        {shown.bookedAt && (
          <Text size="xs" c="dimmed">
            {t('detail.booked', { at: formatDateTime(shown.bookedAt), by: shown.bookedBy ?? '' })}
          </Text>
        )}
        {/* Booked on the server: the note is a document the ERP got, and downloads as one. */}
        {shown.status === 'gebucht' && shown.bookedAt && (
          <DocumentDownloads number={shown.number} urlOf={(format) => noteDownloadUrl(shown.id, format)} />
        )}
      </Card>
      {!canEdit && <Alert color="gray">{t('detail.readOnly')}</Alert>}
      {canEdit && !online && shown.status !== 'gebucht' && <Alert color="yellow">{t('detail.offline')}</Alert>}
      {shown.bookingPending && (
        <Alert color="orange" data-testid="note-booking-pending">
          {t('detail.bookingPending')}
        </Alert>
      )}
      {shown.unresolvedScans > 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.unresolvedScans', { count: shown.unresolvedScans })}
        </Text>
      )}
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
      {shown.lines.map((l) => (
        <NoteLine
          key={l.articleId}
          line={l}
          editable={editable}
          scanSeq={scanned?.articleId === l.articleId ? scanned.seq : null}
          onCorrect={(quantity) =>
            save({
              kind: 'correct',
              article: {
                articleId: l.articleId,
                number: l.articleNumber,
                designation: l.designation,
                baseUnit: l.unit,
              },
              quantity,
            })
          }
        />
      ))}
      {editable && !confirming && (
        <Button size="lg" color="green" onClick={() => setConfirming(true)}>
          {t('detail.book')}
        </Button>
      )}
      {editable && confirming && (
        <BookConfirm
          shortage={shortage(shown.lines)}
          onCancel={() => setConfirming(false)}
          onBook={() => {
            setConfirming(false);
            save({ kind: 'book', article: null, quantity: null });
          }}
        />
      )}
    </Stack>
  );
}
