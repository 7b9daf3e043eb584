import { Modal, Stack, Table, Text } from '@mantine/core';
import type { AuditLogEntry } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { fieldDiff } from '../model/field-diff';
import { actionText, objectText } from './audit-words';

/** One entry opened: who, what, where from, and its object before → after, field by field. */
export function AuditEntryDetails({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation('admin-audit-log');
  const rows = entry ? fieldDiff(entry.before, entry.after) : [];
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? t('details', { when: formatDateTime(entry.at) }) : ''}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      {entry && (
        <Stack gap="xs">
          <Text size="sm">
            <b>{t('actor')}:</b> {entry.actor}
            {entry.address ? ` (${entry.address})` : ''}
          </Text>
          <Text size="sm">
            <b>{t('action')}:</b> {actionText(entry)}
          </Text>
          <Text size="sm">
            <b>{t('objectType')}:</b> {objectText(entry)}
          </Text>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noFields')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={280}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('field')}</Table.Th>
                    <Table.Th>{t('before')}</Table.Th>
                    <Table.Th>{t('after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.field} data-changed={row.changed || undefined}>
                      <Table.Td fw={row.changed ? 700 : undefined}>{row.label}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.before}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>
                        {row.changed ? '→ ' : ''}
                        {row.after}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
