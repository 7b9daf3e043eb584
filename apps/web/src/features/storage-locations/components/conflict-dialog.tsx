import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AssignmentValues } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import { resolveConflict } from '../offline/outbox';
import type { StorageChange } from '../offline/outbox-db';
import { syncStorageNow } from '../offline/outbox-runner';

function valuesRow(label: string, v: AssignmentValues | null, removedText: string) {
  return (
    <Table.Tr key={label}>
      <Table.Td fw={500}>{label}</Table.Td>
      {v ? (
        <>
          <Table.Td>{formatQuantity(v.quantity)}</Table.Td>
          <Table.Td>{formatQuantity(v.minQuantity)}</Table.Td>
          <Table.Td>{formatQuantity(v.maxQuantity)}</Table.Td>
        </>
      ) : (
        <Table.Td colSpan={3}>{removedText}</Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * A change the server refused because the assignment was changed in between: the user sees both and keeps
 * one. Nothing is overwritten without that choice.
 */
export function ConflictDialog({ change }: { change: StorageChange | undefined }) {
  const { t } = useTranslation('storage-locations');
  const [busy, setBusy] = useState(false);
  const server = change?.conflict?.server ?? null;
  const choose = async (keep: 'mine' | 'theirs') => {
    if (!change?.id) return;
    setBusy(true);
    try {
      await resolveConflict(change.id, keep);
      await syncStorageNow();
    } finally {
      setBusy(false);
    }
  };
  const article = change ? `${change.article.number} ${change.article.designation1}` : '';
  return (
    <Modal
      opened={!!change?.conflict}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('conflict.title')}
      centered
    >
      {change && (
        <Stack gap="sm">
          <Text>{t('conflict.text', { article, location: change.locationCode })}</Text>
          <Table data-testid="storage-conflict">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('product.quantity')}</Table.Th>
                <Table.Th>{t('location.min')}</Table.Th>
                <Table.Th>{t('location.max')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {valuesRow(t('conflict.mine'), change.values, t('conflict.removeMine'))}
              {valuesRow(t('conflict.theirs'), server, t('conflict.removed'))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" loading={busy} onClick={() => void choose('theirs')}>
              {t('conflict.keepTheirs')}
            </Button>
            <Button loading={busy} onClick={() => void choose('mine')}>
              {t('conflict.keepMine')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
