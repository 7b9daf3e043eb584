import { Alert, Button, CloseButton, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { CaptureDocumentDetail } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import type { CaptureExportRow, CaptureScope } from '../../offline/captures/rows';
import { captureKeys } from '../api/endpoints';
import { useCaptureLineCount } from '../hooks/use-capture-data';
import { useOnline } from '../hooks/use-online';
import { isOldResult } from '../model/export-age';
import { DocumentPosition } from './document-position';

/** After an export: the document number(s), or that the export waits for a connection, or why it was refused. */
export function ExportResult({ row, scope }: { row: CaptureExportRow; scope: CaptureScope }) {
  const { t } = useTranslation('capture');
  const [closed, setClosed] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const linesSince = useCaptureLineCount(scope) ?? 0;
  const queryClient = useQueryClient();
  const online = useOnline();
  // A finished export is a new document: the 30-day list must show it.
  useEffect(() => {
    if (row.state === 'done') void queryClient.invalidateQueries({ queryKey: captureKeys.all });
  }, [row.state, queryClient]);
  if (closed === row.exportKey) return null;
  const close = <CloseButton aria-label={t('export.cancel')} onClick={() => setClosed(row.exportKey)} />;
  if (row.state === 'queued') {
    // Online the export is on its way (the document number follows); only offline does it wait.
    return (
      <Alert color="blue" data-testid="export-result" data-state="queued">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {online && <Loader size="xs" />}
            <Text size="sm">{t(online ? 'export.sending' : 'export.queued')}</Text>
          </Group>
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
  const numbers = (
    <Text size="sm" data-testid="document-numbers">
      {t('export.done', { numbers: documents.map((d) => d.number).join(', ') })}
    </Text>
  );
  // An old result is one line: the list's actions and lines come first, the report opens on a tap.
  const old = isOldResult(row, linesSince, Date.now());
  const details = (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-expanded={opened}
      onClick={() => setOpened((o) => !o)}
      data-testid="export-details"
    >
      {t(opened ? 'export.hideDetails' : 'export.showDetails')}
    </Button>
  );
  if (old && !opened) {
    return (
      <Alert color="green" p="xs" data-testid="export-result" data-state="done" data-old="true">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {numbers}
          <Group gap={4} wrap="nowrap">
            {details}
            {close}
          </Group>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="green" title={t('export.doneTitle')} data-testid="export-result" data-state="done">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          {numbers}
          {close}
        </Group>
        {old && details}
        {documents.map((d) => (
          <Stack key={d.id} gap="xs">
            <DocumentResult document={d} />
            <DocumentPosition document={d} />
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

interface ReportRow {
  key: number;
  label: string;
  cells: string[];
  /** Colour of the last cell (a difference). */
  lastColor?: string;
}

/**
 * One report of an export: the Inventur differences, the Warenverprobung comparison or the Artikelvorrat
 * reorder quantities. Its title is the caption and the cells are compact, so four columns fit a 360 px screen
 * inside the export's message.
 */
function ReportTable({
  title,
  testId,
  headers,
  rows,
}: {
  title: string;
  testId: string;
  headers: string[];
  rows: ReportRow[];
}) {
  const { t } = useTranslation('capture');
  return (
    <Table aria-label={title} data-testid={testId} fz="xs" horizontalSpacing={4} captionSide="top">
      <Table.Caption ta="left" fw={500} fz="sm">
        {title}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {[t('export.article'), ...headers].map((h) => (
            <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            {/* The long article text breaks anywhere, so the number columns keep their width and are read whole. */}
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.label}</Table.Td>
            {r.cells.map((c, i) => (
              <Table.Td
                key={headers[i]}
                c={i === r.cells.length - 1 ? r.lastColor : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// The report sits in the green export message: red 9 and a darker green keep 4.5:1 on its light green.
const differenceColor = (d: number) => (d === 0 ? undefined : d < 0 ? 'red.9' : '#1f6f2f');

export function DocumentResult({ document }: { document: CaptureDocumentDetail }) {
  const { t } = useTranslation('capture');
  const result = document.result;
  if (!result) return null;
  if (result.kind === 'inventory') {
    return (
      <ReportTable
        title={t('export.differenceTitle')}
        testId="difference-report"
        headers={[t('export.book'), t('export.counted'), t('export.difference')]}
        rows={result.rows.map((r) => ({
          key: r.articleId,
          label: `${r.articleNumber} · ${r.designation}`,
          cells: [formatQuantity(r.bookStock), formatQuantity(r.countedStock), formatQuantity(r.difference)],
          lastColor: differenceColor(r.difference),
        }))}
      />
    );
  }
  if (result.kind === 'goods-receipt-check') {
    return (
      <ReportTable
        title={t('export.comparisonTitle', { number: result.documentNumber })}
        testId="comparison-report"
        headers={[t('export.expected'), t('export.counted'), t('export.difference')]}
        rows={result.rows.map((r) => ({
          key: r.articleId,
          label: `${r.articleNumber} · ${r.designation} (${t(`export.status.${r.status}`)})`,
          cells: [formatQuantity(r.expected, r.unit), formatQuantity(r.counted, r.unit), formatQuantity(r.difference)],
          lastColor: r.status === 'ok' ? undefined : 'red.9',
        }))}
      />
    );
  }
  return (
    <ReportTable
      title={t('export.reorderTitle')}
      testId="reorder-report"
      headers={[t('export.onHand'), t('export.target'), t('export.reorder')]}
      rows={result.rows.map((r) => ({
        key: r.articleId,
        label: `${r.articleNumber} · ${r.designation}`,
        cells: [
          formatQuantity(r.onHand),
          formatQuantity(r.targetStock),
          formatQuantity(r.reorderQuantity / (r.orderFactor || 1), r.orderUnit),
        ],
      }))}
    />
  );
}
