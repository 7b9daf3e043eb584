import { Alert, Button, Card, Group, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditLogEntry } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { type AuditLogFilterText, auditLogCsvUrl, useAuditLog } from '../api/audit-log';
import { AuditEntryDetails } from './audit-entry-details';
import { AuditLogFilters } from './audit-log-filters';
import { actionText, objectText } from './audit-words';

// A table from a tablet's width on; on a handheld one card per entry.
const WIDE = '(min-width: 48em)';

const actorOf = (e: AuditLogEntry) => (e.address ? `${e.actor} (${e.address})` : e.actor);

/** /admin/audit-log: who changed what and when, newest first; filters, details and the CSV export. */
export function AuditLogPage() {
  const { t } = useTranslation('admin-audit-log');
  const wide = useMediaQuery(WIDE, false, { getInitialValueInEffect: false });
  const [filter, setFilter] = useState<AuditLogFilterText>({});
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="sm">
      <AuditLogFilters onApply={setFilter} />
      <Group>
        <Button component="a" href={auditLogCsvUrl(filter)} download variant="light">
          {t('export')}
        </Button>
      </Group>
      {log.isPending && <Loader size="sm" />}
      {log.isError && (
        <Alert color="red" title={t('loadFailed')}>
          {log.error.message}
        </Alert>
      )}
      {log.isSuccess && entries.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {entries.length > 0 &&
        (wide ? (
          <Table highlightOnHover striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('when')}</Table.Th>
                <Table.Th>{t('actor')}</Table.Th>
                <Table.Th>{t('action')}</Table.Th>
                <Table.Th>{t('objectType')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setOpen(e)} td="underline">
                      {formatDateTime(e.at)}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{actorOf(e)}</Table.Td>
                  <Table.Td>{actionText(e)}</Table.Td>
                  <Table.Td>{objectText(e)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((e) => (
              <li key={e.id}>
                <Card
                  withBorder
                  padding="sm"
                  component="button"
                  type="button"
                  onClick={() => setOpen(e)}
                  w="100%"
                  style={{ textAlign: 'left', cursor: 'pointer' }}
                >
                  <Text size="sm" fw={700}>
                    {actionText(e)}
                  </Text>
                  <Text size="sm">{formatDateTime(e.at)}</Text>
                  <Text size="sm">{actorOf(e)}</Text>
                  <Text size="sm" c="dimmed">
                    {objectText(e)}
                  </Text>
                </Card>
              </li>
            ))}
          </Stack>
        ))}
      {log.hasNextPage && (
        <Group>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('more')}
          </Button>
        </Group>
      )}
      <AuditEntryDetails entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
