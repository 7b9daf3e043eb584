import { Box, NavLink, Stack } from '@mantine/core';
import { IconBell, IconDownload, IconHome, IconLogout, IconSettings } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { currentPlatform, showsInstallEntry } from '../../pwa/platform';
import { usePwaState } from '../../pwa/pwa-store';
import { visibleModules } from '../../session/guard-decisions';
import { moduleHref, moduleIcon } from './module-icons';
import { useLogout } from './use-logout';
import { useUser } from './use-user';

const isActive = (href: string, pathname: string) =>
  href === paths.home ? pathname === href : pathname.startsWith(href);

/** docs/spec.md §2 menu: one entry per module the user may use, settings, notifications, logout, install entry. */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const user = useUser();
  const { pathname } = useLocation();
  // Of the address only the active entry matters: a navigation inside a module (a scan opening its entry)
  // draws no entry of the menu again.
  const hrefs = [
    paths.home,
    ...visibleModules(user).map((m) => moduleHref(m.route)),
    paths.notifications,
    paths.settings,
  ];
  return <NavbarEntries activeHref={hrefs.find((href) => isActive(href, pathname)) ?? null} onNavigate={onNavigate} />;
}

const NavbarEntries = memo(function NavbarEntries({
  activeHref,
  onNavigate,
}: {
  activeHref: string | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const user = useUser();
  const logout = useLogout();
  const { isPwa } = usePwaState();
  const showInstall = !isPwa && showsInstallEntry(currentPlatform());
  const active = (href: string) => href === activeHref;

  const link = (href: string, label: string, Icon: typeof IconHome) => (
    <NavLink
      key={href}
      component={Link}
      to={href}
      label={label}
      leftSection={<Icon size={22} />}
      active={active(href)}
      onClick={onNavigate}
    />
  );

  return (
    <Stack h="100%" gap={0} component="nav" aria-label={t('menu')}>
      {/* Native scrolling: Mantine's ScrollArea would bring floating-ui into every logged-in screen. */}
      <Box style={{ flex: 1, overflowY: 'auto' }}>
        {link(paths.home, t('overview'), IconHome)}
        {visibleModules(user).map((m) => link(moduleHref(m.route), t(`modules.${m.name}`), moduleIcon(m.name)))}
        {link(paths.notifications, t('notifications'), IconBell)}
        {link(paths.settings, t('settings'), IconSettings)}
        <NavLink
          component="button"
          label={t('logout')}
          leftSection={<IconLogout size={22} />}
          onClick={() => {
            onNavigate();
            void logout();
          }}
        />
      </Box>
      {showInstall && (
        <NavLink
          component={Link}
          to={paths.settingsPwaInstall}
          label={t('installApp')}
          leftSection={<IconDownload size={22} />}
          onClick={onNavigate}
        />
      )}
    </Stack>
  );
});
