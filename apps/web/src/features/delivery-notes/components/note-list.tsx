import { Alert, Badge, Card, Group, Loader, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { GOODS_RECEIPT_STATUSES, type GoodsReceiptStatus } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { formatDate } from '../../../lib/format';
import { feedback, useScanConsumer } from '../../../scanner';
import { useDeliveryNotes } from '../api/delivery-notes';
import { noteByCode, supplierOptions } from '../model/note-rules';

export const STATUS_COLORS: Record<GoodsReceiptStatus, string> = {
  offen: 'blue',
  'in Prüfung': 'orange',
  gebucht: 'green',
};

/**
 * The vkforg's incoming delivery notes, newest first, filtered by status and supplier. A scan of a note's own
 * barcode (or its number) opens it, whatever the filters show.
 */
export function NoteList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('delivery-notes');
  const [status, setStatus] = useState<GoodsReceiptStatus | null>(null);
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const all = useDeliveryNotes(null, null);
  const notes = useDeliveryNotes(status, supplierId);
  const [message, setMessage] = useState<string | null>(null);
  useScanConsumer((s) => {
    const note = noteByCode(all.data?.data ?? [], s.data);
    if (note) {
      feedback.ok();
      onOpen(note.id);
    } else {
      feedback.error();
      setMessage(t('list.noNote', { code: s.data.trim() }));
    }
    return true;
  });
  return (
    <Stack gap="sm">
      <Group grow gap="xs">
        <Select
          label={t('filter.status')}
          placeholder={t('filter.all')}
          clearable
          value={status}
          onChange={(v) => setStatus(v as GoodsReceiptStatus | null)}
          data={GOODS_RECEIPT_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <Select
          label={t('filter.supplier')}
          placeholder={t('filter.all')}
          clearable
          value={supplierId === null ? null : String(supplierId)}
          onChange={(v) => setSupplierId(v ? Number(v) : null)}
          data={supplierOptions(all.data?.data ?? [])}
        />
      </Group>
      {message && (
        <Alert color="red" data-testid="note-list-message">
          {message}
        </Alert>
      )}
      {notes.isPending && <Loader size="sm" />}
      {notes.isError && !notes.data && <QueryError error={notes.error} onRetry={() => void notes.refetch()} />}
      {notes.data?.data.length === 0 && <Text c="dimmed">{t('list.none')}</Text>}
      {notes.data?.data.map((n) => (
        <UnstyledButton key={n.id} onClick={() => onOpen(n.id)}>
          <Card withBorder padding="sm" data-testid="delivery-note">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {n.number}
              </Text>
              <Badge color={STATUS_COLORS[n.status]} style={{ flexShrink: 0 }}>
                {n.status}
              </Badge>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {n.supplierName}
            </Text>
            <Text size="xs" c="dimmed">
              {t('list.meta', { date: formatDate(n.date), lines: n.lineCount })}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
