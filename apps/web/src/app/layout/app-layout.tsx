import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { lazyPart } from '../../components/lazy-part';
import { atNextIdle } from '../../lib/idle';
import '../all-styles';
import { awaitsPasswordChange } from '../../session/guard-decisions';
import { AppHeader } from '../shell/app-header';
import { AppNavbar } from '../shell/app-navbar';
import { useUser } from '../shell/use-user';
import { BusyMain } from './busy-main';
import { ScannerHostSlot } from './scanner-host-slot';

// Its password rules carry the contracts' schemas, which the shell's first script leaves out.
const MustChangePassword = lazyPart(() => import('../login/must-change-password').then((m) => m.MustChangePassword));

/** Frame of every logged-in screen: header with pickers, drawer menu, content. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const mustChangePassword = awaitsPasswordChange(useUser());
  // The device reports itself to the admin's device list while someone is signed in (offline/device-report.ts).
  // Its code and first counts read the device database: at an idle moment, not in the first screen's tasks.
  // A one-time password opens nothing but its change on the server: the reports start with the own password.
  useEffect(() => {
    if (mustChangePassword) return;
    return atNextIdle(() => import('../../offline/device-report-start').then((m) => m.startDeviceReport()));
  }, [mustChangePassword]);
  return (
    <AppShell
      // Two header rows on phones (see AppHeader), one from the xs breakpoint on.
      header={{ height: { base: 100, xs: 60 } }}
      navbar={{ width: 300, breakpoint: 'lg', collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader opened={opened} onToggle={toggle} passwordChangeOnly={mustChangePassword} />
      </AppShell.Header>
      <AppShell.Navbar inert={!opened} aria-hidden={!opened}>
        <AppNavbar onNavigate={close} />
      </AppShell.Navbar>
      <BusyMain>
        <Suspense
          fallback={
            <Center>
              <Loader />
            </Center>
          }
        >
          {mustChangePassword ? <MustChangePassword /> : <Outlet />}
        </Suspense>
      </BusyMain>
      <ScannerHostSlot />
    </AppShell>
  );
}
