import { ActionIcon, Burger, Group, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { whenIdle } from '../../lib/idle';
import { paths } from '../../lib/paths';
import { batteryColor } from '../../scanner/battery/battery-level';
import { useBatteryLevel } from '../../scanner/battery/use-battery';
import { loadBatteryIcon } from '../scanner-bridge';
import { ContextPickers } from './context-pickers';

// Spec §4: the handheld's battery warning; shown only below 20 %, so its icon (and tooltip) load only then.
const BatteryIcon = lazy(async () => ({ default: (await loadBatteryIcon()).BatteryIcon }));

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
const HeaderSyncBadge = lazy(() => import('../../capture/components/header-sync-badge'));

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

export function AppHeader({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Group h="100%" px="xs" justify="space-between" wrap="nowrap" bg="blue.8" c="white">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={opened}
          onClick={onToggle}
          color="white"
          aria-label={opened ? t('shell:closeMenu') : t('shell:menu')}
        />
        <Title order={1} size="h3" visibleFrom="xs">
          <Link to={paths.home} style={{ color: 'inherit', textDecoration: 'none' }}>
            {t('common:appName')}
          </Link>
        </Title>
      </Group>
      <Group gap={2} wrap="nowrap">
        <SyncBadgeSlot />
        <BatteryWarning />
        <ContextPickers />
        <NotificationBell />
        <ActionIcon
          component={Link}
          to={paths.settings}
          variant="subtle"
          color="white"
          aria-label={t('shell:settings')}
        >
          <IconSettings size={24} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
