import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { asksForEdi, showsStorageLocation } from '@mde/contracts';
import { IconArrowBackUp, IconBarcode, IconFileExport, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { moduleConfigQuery } from '../../lib/module-config';
import { notifyError, notifyInfo } from '../../lib/notify';
import { captureDb } from '../../offline/captures/capture-db';
import { deleteLine, restoreLine } from '../../offline/captures/capture-store';
import type { CaptureLineRow } from '../../offline/captures/rows';
import { startCaptureSync } from '../../offline/captures/start-sync';
import { isScanCancelled, scan } from '../../scanner';
import { refreshCapture } from '../api/server-capture';
import { type CaptureModuleDef, headerIsMissing } from '../capture-module';
import { undoLastScan } from '../commit-entry';
import { useCaptureHeader, useCaptureLines, useLatestExport } from '../hooks/use-capture-data';
import { useCaptureScope } from '../hooks/use-capture-scope';
import { useListScans } from '../hooks/use-list-scans';
import { loadLocation, loadQuickMode, saveQuickMode } from '../model/list-preferences';
import { CaptureLinesTable } from './capture-lines-table';
import { DocumentsList } from './documents-list';
import { ExportResult } from './export-result';
import { HeaderSummary } from './header-summary';
import { LocationFirst } from './location-first';
import { SaveExportDialog } from './save-export-dialog';
import { SyncStatus } from './sync-status';
import { showUndoNotice } from './undo-notice';
import { UnresolvedCodes } from './unresolved-codes';
import { UnsyncedList } from './unsynced-list';

/** The module's capture list (MODULES.md): header, lines newest first, scanning, export. */
export function CaptureListPage({ def, headerMessage }: { def: CaptureModuleDef; headerMessage?: string }) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const scope = useCaptureScope(def.module);
  const lines = useCaptureLines(scope);
  const header = useCaptureHeader(scope);
  const latestExport = useLatestExport(scope);
  const config = useQuery(moduleConfigQuery()).data;
  const [quick, setQuick] = useState(() => loadQuickMode(def.module));
  const [location, setLocation] = useState(() => loadLocation(def.module));
  const [exporting, setExporting] = useState(false);
  const [showDocuments, setShowDocuments] = useState(false);
  const missing = header !== undefined && headerIsMissing(def, header);
  const blocked = missing ? (headerMessage ?? t('list.headerMissing')) : null;
  const onScan = useListScans({ def, scope, quick, location: def.locationFirst ? location : null, blocked });

  useEffect(() => {
    startCaptureSync();
    if (scope) void refreshCapture(scope);
  }, [scope]);

  if (!scope) return <ModuleStepPage module={def.name} step="list" />;

  const scanButton = async () => {
    try {
      await onScan((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error)) notifyError(error instanceof Error ? error.message : String(error));
    }
  };
  const remove = async (line: CaptureLineRow) => {
    await deleteLine(captureDb, line.clientId);
    showUndoNotice({
      id: `deleted-${line.clientId}`,
      title: `${line.articleNumber} · ${line.designation}`,
      message: t('list.deleted'),
      undoLabel: t('list.undo'),
      onUndo: () => void restoreLine(captureDb, line),
    });
  };
  const undo = async () => {
    if (await undoLastScan(scope)) notifyInfo(t('list.undone'));
  };
  const edit = (line: CaptureLineRow) =>
    navigate(def.paths.articleCapture(line.articleId), { state: { clientId: line.clientId } });

  return (
    <Stack gap="sm" data-testid="capture-list" data-module={def.module}>
      <ModuleStepPage module={def.name} step="list" />
      <HeaderSummary def={def} header={header ?? null} />
      <SyncStatus owner={scope.owner} />
      {latestExport && <ExportResult row={latestExport} />}
      {blocked && (
        <Alert color="yellow">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{blocked}</Text>
            {def.headerPath && (
              <Button component={Link} to={def.headerPath} size="xs">
                {t('list.headerEdit')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {def.locationFirst && <LocationFirst module={def.module} location={location} onChange={setLocation} />}
      <Group gap="xs" grow>
        <Button size="lg" leftSection={<IconBarcode />} onClick={() => void scanButton()} disabled={!!blocked}>
          {t('list.scan')}
        </Button>
        <Button size="lg" variant="light" leftSection={<IconSearch />} component={Link} to={def.paths.articleSearch}>
          {t('list.search')}
        </Button>
      </Group>
      <Group justify="space-between">
        <Switch
          label={t('list.quickMode')}
          checked={quick}
          onChange={(e) => {
            setQuick(e.currentTarget.checked);
            saveQuickMode(def.module, e.currentTarget.checked);
          }}
        />
        <Text size="sm" fw={600} data-testid="line-count">
          {t('list.lineCount', { count: lines?.length ?? 0 })}
        </Text>
      </Group>
      <Group gap="xs">
        <Button variant="default" size="sm" leftSection={<IconArrowBackUp size={16} />} onClick={() => void undo()}>
          {t('list.undoLastScan')}
        </Button>
        <Button
          size="sm"
          leftSection={<IconFileExport size={16} />}
          onClick={() => setExporting(true)}
          disabled={!lines?.length}
        >
          {t('list.saveExport')}
        </Button>
      </Group>
      <UnsyncedList owner={scope.owner} />
      <UnresolvedCodes def={def} scope={scope} />
      {lines && lines.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {lines && lines.length > 0 && (
        <CaptureLinesTable
          lines={lines}
          showLocation={showsStorageLocation(config, def.module)}
          showReason={!!def.reasons}
          onEdit={edit}
          onDelete={(l) => void remove(l)}
        />
      )}
      <Button variant="subtle" size="sm" onClick={() => setShowDocuments((v) => !v)} aria-expanded={showDocuments}>
        {t('list.documents')}
      </Button>
      {showDocuments && <DocumentsList module={def.module} vkforgId={scope.vkforgId} />}
      {exporting && (
        <SaveExportDialog
          scope={scope}
          lineCount={lines?.length ?? 0}
          asksEdi={asksForEdi(config, def.module)}
          opened
          onClose={() => setExporting(false)}
        />
      )}
    </Stack>
  );
}
