import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileExport } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyInfo } from '../../lib/notify';
import { type CaptureLineRow, type CaptureScope, headerKey } from '../../offline/captures/rows';
import type { CaptureModuleDef } from '../capture-module';
import { undoLastScan } from '../commit-entry';
import { deleteLine, restoreLine } from '../hooks/device-store';
import { useCaptureLines } from '../hooks/use-capture-data';
import { canUndo } from '../model/undo-stack';
import { CaptureLinesTable, LINES_PAGE } from './capture-lines-table';
import { SaveExportDialog } from './save-export-dialog';
import { showUndoNotice } from './undo-notice';

interface Props {
  def: CaptureModuleDef;
  scope: CaptureScope;
  quick: boolean;
  onQuickChange: (quick: boolean) => void;
  showLocation: boolean;
  asksEdi: boolean;
  recordsPosition: boolean;
  /** Shown between the buttons and the lines (refused changes, open codes); not redrawn on a new line. */
  between: ReactNode;
}

/**
 * The part of the capture list that changes with every scan: line count, export, the lines. It reads the lines
 * itself, so a new line redraws this block and not the whole page while the next scan is being handled.
 */
export function CaptureLinesBlock({
  def,
  scope,
  quick,
  onQuickChange,
  showLocation,
  asksEdi,
  recordsPosition,
  between,
}: Props) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const [limit, setLimit] = useState(LINES_PAGE);
  const [exporting, setExporting] = useState(false);
  const list = useCaptureLines(scope, limit);
  const count = list?.count ?? 0;
  const table = useRef<HTMLDivElement>(null);
  const newest = list?.lines[0]?.clientId;
  // The line just saved is seen without scrolling: below the screen's edge, the list moves up just enough.
  useEffect(() => {
    if (!newest) return;
    const row = table.current?.querySelector('[data-testid="capture-line"]');
    if (row && row.getBoundingClientRect().bottom > window.innerHeight) row.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  const remove = async (line: CaptureLineRow) => {
    await deleteLine(line.clientId);
    showUndoNotice({
      id: `deleted-${line.clientId}`,
      title: `${line.articleNumber} · ${line.designation}`,
      message: t('list.deleted'),
      undoLabel: t('list.undo'),
      onUndo: () => void restoreLine(line),
    });
  };
  const undo = async () => {
    if (await undoLastScan(scope)) notifyInfo(t('list.undone'));
  };
  const edit = (line: CaptureLineRow) =>
    navigate(def.paths.articleCapture(line.articleId), { state: { clientId: line.clientId } });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Switch label={t('list.quickMode')} checked={quick} onChange={(e) => onQuickChange(e.currentTarget.checked)} />
        <Text size="sm" fw={600} data-testid="line-count">
          {t('list.lineCount', { count })}
        </Text>
      </Group>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => void undo()}
          // Nothing to undo on an empty list or before the first scan on this device: no button that does nothing.
          disabled={count === 0 || !canUndo(headerKey(scope))}
        >
          {t('list.undoLastScan')}
        </Button>
        <Button
          size="sm"
          leftSection={<IconFileExport size={16} />}
          onClick={() => setExporting(true)}
          disabled={count === 0}
        >
          {t('list.saveExport')}
        </Button>
      </Group>
      {between}
      {list && count === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {list && count > 0 && (
        <div ref={table}>
          <CaptureLinesTable
            lines={list.lines}
            total={count}
            onMore={() => setLimit((l) => l + 5 * LINES_PAGE)}
            showLocation={showLocation}
            showReason={!!def.info.hasReasons}
            onEdit={edit}
            onDelete={(l) => void remove(l)}
          />
        </div>
      )}
      {exporting && (
        <SaveExportDialog
          def={def}
          scope={scope}
          lineCount={count}
          asksEdi={asksEdi}
          recordsPosition={recordsPosition}
          opened
          onClose={() => setExporting(false)}
        />
      )}
    </Stack>
  );
}
