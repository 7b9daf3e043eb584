import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { asksForEdi, recordsPosition, showsStorageLocation } from '@mde/contracts';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Activity, memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { notifyError } from '../../lib/notify';
import { startCaptureSync } from '../../offline/captures/start-sync';
import { isScanCancelled, scan } from '../../scanner';
import { moduleConfigQuery } from '../../session/module-config';
import { refreshCapture } from '../api/server-capture';
import { type CaptureModuleDef, headerIsMissing } from '../capture-module';
import { useCaptureHeader, useLatestExport } from '../hooks/use-capture-data';
import { useCaptureScope } from '../hooks/use-capture-scope';
import { useListScans } from '../hooks/use-list-scans';
import { useLocationScan } from '../hooks/use-location-scan';
import { loadLocation, loadQuickMode, saveQuickMode } from '../model/list-preferences';
import { ArticleCapturePage } from './article-capture-page';
import { CaptureLinesBlock } from './capture-lines-block';
import { DocumentsList } from './documents-list';
import { EntrySheetContext, useEntrySheet, useListScroll } from './entry-sheet';
import { ExportResult } from './export-result';
import { HeaderSummary } from './header-summary';
import { LocationFirst } from './location-first';
import { SyncStatus } from './sync-status';
import { UnresolvedCodes } from './unresolved-codes';
import { UnsyncedList } from './unsynced-list';

interface ListProps {
  def: CaptureModuleDef;
  headerMessage?: string;
  /** The module's own part under the header (Warenverprobung: the document and its comparison). */
  children?: ReactNode;
}

/**
 * The module's capture list (docs/modules.md#capture-engine) and, over it, the entry of a line as a sheet
 * (entry-sheet.tsx): a scan mounts the entry and the list stays as it is behind it. Hidden, the list is out of
 * view and of the accessibility tree, its effects rest (it takes no scans, names no screen) and its updates
 * wait until the sheet is drawn; closing the sheet shows it as it was and starts them again.
 */
export function CaptureListPage(props: ListProps) {
  const { entry, show } = useEntrySheet(props.def.paths.articleCapture);
  const open = entry !== null;
  useListScroll(open);
  // The list's address as last shown (a link straight to a line starts with the module's root).
  const { pathname } = useLocation();
  const listPath = useRef(props.def.paths.root);
  if (!open) listPath.current = pathname;
  return (
    <EntrySheetContext value={show}>
      <Activity mode={open ? 'hidden' : 'visible'}>
        <CaptureList {...props} path={listPath.current} />
      </Activity>
      {entry && <ArticleCapturePage def={props.def} entry={entry} />}
    </EntrySheetContext>
  );
}

/** Header, lines newest first, scanning, export. */
const CaptureList = memo(function CaptureList({ def, headerMessage, children, path }: ListProps & { path: string }) {
  const { t } = useTranslation('capture');
  const scope = useCaptureScope(def.info.key);
  const header = useCaptureHeader(scope);
  const latestExport = useLatestExport(scope);
  const config = useQuery(moduleConfigQuery()).data;
  const [quick, setQuick] = useState(() => loadQuickMode(def.info.key));
  const [location, setLocation] = useState(() => loadLocation(def.info.key));
  // A shelf label scanned in a line's entry sets the location for the list too: read again whenever the list
  // shows (it stays mounted behind the entry, and its effects run again as the entry closes).
  useEffect(() => setLocation(loadLocation(def.info.key)), [def.info.key]);
  const [showDocuments, setShowDocuments] = useState(false);
  const missing = header !== undefined && headerIsMissing(def, header);
  const blocked = missing ? (headerMessage ?? t('list.headerMissing')) : null;
  const { locations, take: takeLocation } = useLocationScan(
    def,
    def.locationFirst ? header?.header.lager : null,
    setLocation,
  );
  const onScan = useListScans({
    def,
    scope,
    quick,
    location: def.locationFirst ? location : null,
    blocked,
    takeLocation,
    route: path,
  });

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
  return (
    <Stack gap="sm" data-testid="capture-list" data-module={def.info.key}>
      <ModuleStepPage module={def.name} step="list" />
      <HeaderSummary def={def} header={header ?? null} />
      {children}
      <SyncStatus owner={scope.owner} />
      {latestExport && <ExportResult row={latestExport} scope={scope} def={def} />}
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
      {def.locationFirst && (
        <LocationFirst module={def.info.key} location={location} locations={locations} onChange={setLocation} />
      )}
      <Group gap="xs" grow>
        <Button size="lg" leftSection={<IconBarcode />} onClick={() => void scanButton()} disabled={!!blocked}>
          {t('list.scan')}
        </Button>
        <Button size="lg" variant="light" leftSection={<IconSearch />} component={Link} to={def.paths.articleSearch}>
          {t('list.search')}
        </Button>
      </Group>
      <CaptureLinesBlock
        def={def}
        scope={scope}
        quick={quick}
        onQuickChange={(checked) => {
          setQuick(checked);
          saveQuickMode(def.info.key, checked);
        }}
        showLocation={showsStorageLocation(config, def.info.configName)}
        asksEdi={def.info.asksEdi && asksForEdi(config, def.info.configName)}
        recordsPosition={recordsPosition(config, def.info.configName)}
        between={
          <>
            <UnsyncedList scope={scope} def={def} />
            <UnresolvedCodes def={def} scope={scope} />
          </>
        }
      />
      <Button variant="subtle" size="sm" onClick={() => setShowDocuments((v) => !v)} aria-expanded={showDocuments}>
        {t('list.documents')}
      </Button>
      {showDocuments && <DocumentsList def={def} vkforgId={scope.vkforgId} />}
    </Stack>
  );
});
