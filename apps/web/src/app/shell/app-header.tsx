import { ActionIcon, Burger, Group, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyPart, PartFailedButton } from '../../components/lazy-part';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { whenIdle } from '../../lib/idle';
import { paths } from '../../lib/paths';
import { batteryColor } from '../../scanner/battery/battery-level';
import { useBatteryLevel } from '../../scanner/battery/use-battery';
import { loadBatteryIcon } from '../scanner-bridge';
import { ContextPickers } from './context-pickers';

/** Mantine's xs breakpoint: from here one header row has room for everything. */
const WIDE_HEADER = '(min-width: 36em)';

// A header part whose code failed to load is one retry button: a line would not fit the header.
const headerRetry = (retry: () => void) => <PartFailedButton retry={retry} />;

// docs/spec.md §4: the handheld's battery warning; shown only below 20 %, so its icon (and tooltip) load only then.
const BatteryIcon = lazyPart(async () => (await loadBatteryIcon()).BatteryIcon, headerRetry);

function BatteryWarning() {
  const level = useBatteryLevel();
  if (!batteryColor(level)) return null;
  return (
    <Suspense fallback={null}>
      <BatteryIcon />
    </Suspense>
  );
}

// Captured lines waiting to sync: the capture store and its sync start when the browser is idle.
const HeaderSyncBadge = lazyPart(
  async () => (await import('../../capture/components/header-sync-badge')).default,
  headerRetry,
);

function SyncBadgeSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <HeaderSyncBadge />
    </Suspense>
  );
}

/**
 * Phones below 576 px get two rows: menu, app name and icons above, the account and vkforg pickers below at
 * full width, so store names are never cut and the sync badge never pushes the gear off the screen.
 */
export function AppHeader({
  opened,
  onToggle,
  passwordChangeOnly = false,
}: {
  opened: boolean;
  onToggle: () => void;
  /**
   * Signed in with a one-time password: the server answers nothing but its change, so the parts that ask it
   * (pickers, bell, sync badge) and the settings wait for the own password.
   */
  passwordChangeOnly?: boolean;
}) {
  const { t } = useTranslation(['shell', 'common']);
  const wide = useMediaQuery(WIDE_HEADER, false, { getInitialValueInEffect: false });
  const menu = (
    <Group gap="xs" wrap="nowrap">
      <Burger
        opened={opened}
        onClick={onToggle}
        color="white"
        aria-label={opened ? t('shell:closeMenu') : t('shell:menu')}
      />
      <Title order={1} size="h3">
        <Link to={paths.home} style={{ color: 'inherit', textDecoration: 'none' }}>
          {t('common:appName')}
        </Link>
      </Title>
    </Group>
  );
  const icons = passwordChangeOnly ? (
    <BatteryWarning />
  ) : (
    <>
      <SyncBadgeSlot />
      <BatteryWarning />
      <NotificationBell />
      <ActionIcon component={Link} to={paths.settings} variant="subtle" color="white" aria-label={t('shell:settings')}>
        <IconSettings size={24} />
      </ActionIcon>
    </>
  );
  if (wide) {
    return (
      <Group h="100%" px="xs" justify="space-between" wrap="nowrap" bg="blue.8" c="white" data-testid="app-header">
        {menu}
        <Group gap={2} wrap="nowrap">
          {!passwordChangeOnly && <ContextPickers />}
          {icons}
        </Group>
      </Group>
    );
  }
  return (
    <Stack h="100%" px="xs" gap={0} justify="center" bg="blue.8" c="white" data-testid="app-header">
      <Group justify="space-between" wrap="nowrap">
        {menu}
        <Group gap={2} wrap="nowrap">
          {icons}
        </Group>
      </Group>
      {!passwordChangeOnly && <ContextPickers />}
    </Stack>
  );
}
