import { Alert, CloseButton, Group, Stack, Table, Text } from '@mantine/core';
import type { CaptureDocumentDetail } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import type { CaptureExportRow } from '../../offline/captures/rows';
import { captureKeys } from '../api/endpoints';

/** After an export: the document number(s), or that the export waits for a connection, or why it was refused. */
export function ExportResult({ row }: { row: CaptureExportRow }) {
  const { t } = useTranslation('capture');
  const [closed, setClosed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // A finished export is a new document: the 30-day list must show it.
  useEffect(() => {
    if (row.state === 'done') void queryClient.invalidateQueries({ queryKey: captureKeys.all });
  }, [row.state, queryClient]);
  if (closed === row.exportKey) return null;
  const close = <CloseButton aria-label={t('export.cancel')} onClick={() => setClosed(row.exportKey)} />;
  if (row.state === 'queued') {
    return (
      <Alert color="blue" data-testid="export-result" data-state="queued">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('export.queued')}</Text>
          {close}
        </Group>
      </Alert>
    );
  }
  if (row.state === 'rejected') {
    return (
      <Alert color="red" data-testid="export-result" data-state="rejected">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('export.rejected', { reason: row.reason })}</Text>
          {close}
        </Group>
      </Alert>
    );
  }
  const documents = row.result?.documents ?? [];
  return (
    <Alert color="green" title={t('export.doneTitle')} data-testid="export-result" data-state="done">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" data-testid="document-numbers">
            {t('export.done', { numbers: documents.map((d) => d.number).join(', ') })}
          </Text>
          {close}
        </Group>
        {documents.map((d) => (
          <DocumentResult key={d.id} document={d} />
        ))}
      </Stack>
    </Alert>
  );
}

export function DocumentResult({ document }: { document: CaptureDocumentDetail }) {
  const { t } = useTranslation('capture');
  const result = document.result;
  if (!result) return null;
  if (result.kind === 'inventory') {
    return (
      <Table aria-label={t('export.differenceTitle')} data-testid="difference-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('export.differenceTitle')}</Table.Th>
            <Table.Th>{t('export.book')}</Table.Th>
            <Table.Th>{t('export.counted')}</Table.Th>
            <Table.Th>{t('export.difference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((r) => (
            <Table.Tr key={r.articleId}>
              <Table.Td>{`${r.articleNumber} · ${r.designation}`}</Table.Td>
              <Table.Td>{formatQuantity(r.bookStock)}</Table.Td>
              <Table.Td>{formatQuantity(r.countedStock)}</Table.Td>
              <Table.Td c={r.difference === 0 ? undefined : r.difference < 0 ? 'red' : 'green'}>
                {formatQuantity(r.difference)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Table aria-label={t('export.reorderTitle')} data-testid="reorder-report">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('export.reorderTitle')}</Table.Th>
          <Table.Th>{t('export.onHand')}</Table.Th>
          <Table.Th>{t('export.target')}</Table.Th>
          <Table.Th>{t('export.reorder')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.rows.map((r) => (
          <Table.Tr key={r.articleId}>
            <Table.Td>{`${r.articleNumber} · ${r.designation}`}</Table.Td>
            <Table.Td>{formatQuantity(r.onHand)}</Table.Td>
            <Table.Td>{formatQuantity(r.targetStock)}</Table.Td>
            <Table.Td>{formatQuantity(r.reorderQuantity / (r.orderFactor || 1), r.orderUnit)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
