import { Badge, Button, Group, Loader, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { StorageLocation } from '@mde/contracts';
import { IconScan } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { QueryError } from '../../../components/query-error';
import { notifyError } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { feedback, isScanCancelled, scan, useScanConsumer } from '../../../scanner';
import { useLocations } from '../api/locations';
import { useKeptSnapshot } from '../api/snapshot';
import { filterLocations, groupLocations, scanTarget } from '../model/scan-target';
import { useStorageContext } from './use-storage-context';

/**
 * Locations drawn at first: a store has hundreds, and drawing them all held the screen (and a scan made as it
 * opened) for seconds on a handheld. The search and a scan reach every one; the rest are drawn on request.
 */
const LOCATIONS_PAGE = 40;

/** `select` (docs/spec.md §2 'Lagerplatz auswählen'): scan a location's barcode or pick it from the list. */
export function SelectPage() {
  const { t } = useTranslation('storage-locations');
  const navigate = useNavigate();
  const context = useStorageContext();
  const locations = useLocations(context);
  // The device keeps every location and assignment of the vkforg for offline use; fetched in the background,
  // once the list is on the screen, so the large download never delays the screen opening.
  useKeptSnapshot(context, locations.data !== undefined);
  // A scan made while the list is still loading waits for it and is answered then, never lost.
  const [held, setHeld] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [limit, setLimit] = useState(LOCATIONS_PAGE);
  const found = useMemo(() => filterLocations(locations.data?.data ?? [], q), [locations.data, q]);
  const groups = useMemo(() => groupLocations(found.slice(0, limit)), [found, limit]);

  const latest = useRef<(code: string) => void>(() => undefined);
  latest.current = (code: string) => {
    const list = locations.data?.data;
    if (!list) {
      setHeld(code);
      return;
    }
    const target = scanTarget(code, list);
    if (target.kind === 'location') {
      feedback.ok();
      navigate(paths.storageLocations.location(target.location.id));
    } else if (target.kind === 'article-code') {
      feedback.warning();
      notifyError(t('select.notALocation'));
    } else {
      feedback.warning();
      notifyError(t('select.unknownCode', { code: target.code }));
    }
  };
  useScanConsumer((s) => {
    latest.current(s.data);
    return true;
  });
  useEffect(() => {
    if (held === null || !locations.data) return;
    setHeld(null);
    latest.current(held);
  }, [held, locations.data]);
  const scanNow = async () => {
    try {
      latest.current((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error) && error instanceof Error) notifyError(error.message);
    }
  };

  return (
    <Stack gap="sm">
      <ModuleStepPage module="storage-locations" step="storageSelect" />
      {/* At 360 px the field keeps room to read what was typed; the scan button moves below it instead. */}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 12rem' }}
          label={t('select.search')}
          aria-label={t('select.search')}
          placeholder={t('select.searchPlaceholder')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maxLength={100}
          size="md"
        />
        <Button
          size="md"
          leftSection={<IconScan size={20} />}
          onClick={() => void scanNow()}
          aria-label={t('select.scan')}
        >
          {t('select.scan')}
        </Button>
      </Group>
      {locations.isPending && <Loader size="sm" />}
      {held !== null && (
        <Text size="sm" role="status" data-testid="scan-held">
          {t('select.scanHeld', { code: held })}
        </Text>
      )}
      {locations.isError && <QueryError error={locations.error} onRetry={() => void locations.refetch()} />}
      {locations.data?.offline && (
        <Text size="sm" c="dimmed">
          {t('select.offline')}
        </Text>
      )}
      {locations.data && groups.length === 0 && <Text>{t('select.none')}</Text>}
      {groups.map((g) => (
        <Stack key={g.key} gap={2}>
          <Title order={5} c="dimmed">
            {g.warehouse} · {g.zone}
          </Title>
          {g.locations.map((l) => (
            <LocationRow key={l.id} location={l} onOpen={() => navigate(paths.storageLocations.location(l.id))} />
          ))}
        </Stack>
      ))}
      {found.length > limit && (
        <Button variant="subtle" onClick={() => setLimit((l) => l + 5 * LOCATIONS_PAGE)}>
          {t('select.more', { count: found.length - limit })}
        </Button>
      )}
    </Stack>
  );
}

function LocationRow({ location: l, onOpen }: { location: StorageLocation; onOpen: () => void }) {
  const { t } = useTranslation('storage-locations');
  return (
    <UnstyledButton onClick={onOpen} data-testid="location-row" p="xs">
      {/* On a 360 px phone the badges go below the name rather than squeeze it (or themselves) into an ellipsis. */}
      <Group justify="space-between" wrap="wrap" gap={4}>
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{l.code}</Text>
          <Text size="xs" c="dimmed">
            {l.name}
          </Text>
        </div>
        <Group gap={4} wrap="wrap">
          <Badge variant="light">{t(`type.${l.type}`)}</Badge>
          <Badge variant="outline" color="gray">
            {t('select.articles', { count: l.articleCount })}
          </Badge>
          {l.belowMinCount > 0 && (
            <Badge color="red" variant="light">
              {t('select.belowMin', { count: l.belowMinCount })}
            </Badge>
          )}
        </Group>
      </Group>
    </UnstyledButton>
  );
}
