import { Alert, Button, CloseButton, Group, Loader, Stack, Text } from '@mantine/core';
import type { CaptureDocumentDetail } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';
import type { CaptureExportRow, CaptureScope } from '../../offline/captures/rows';
import { captureKeys } from '../api/endpoints';
import type { CaptureModuleDef } from '../capture-module';
import { useCaptureLineCount } from '../hooks/use-capture-data';
import { useSyncStatus } from '../hooks/use-sync-status';
import { isOldResult } from '../model/export-age';
import { DocumentPosition } from './document-position';

/** After an export: the document number(s), or that the export waits for a connection, or why it was refused. */
export function ExportResult({
  row,
  scope,
  def,
}: {
  row: CaptureExportRow;
  scope: CaptureScope;
  def: CaptureModuleDef;
}) {
  const { t } = useTranslation('capture');
  const [closed, setClosed] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const linesSince = useCaptureLineCount(scope) ?? 0;
  const queryClient = useQueryClient();
  // The browser may say it has a network while the server is out of reach (a Wi-Fi without a way out): the
  // last attempt that failed for want of a connection counts as offline too.
  const online = useOnline();
  const sync = useSyncStatus(scope.owner);
  const reachable = online && sync.phase !== 'waiting';
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
            {reachable && <Loader size="xs" />}
            <Text size="sm">{t(reachable ? 'export.sending' : 'export.queued')}</Text>
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
            <DocumentResult document={d} def={def} />
            <DocumentPosition document={d} />
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

/** The module's report of one exported document, by the view its declaration names (none: no report). */
export function DocumentResult({ document, def }: { document: CaptureDocumentDetail; def: CaptureModuleDef }) {
  const View = def.ResultView;
  return View && document.result ? <View result={document.result} /> : null;
}
