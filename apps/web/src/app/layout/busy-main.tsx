import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';

/**
 * The content area, busy while the router loads the next screen. The navigation state is read here and not by
 * the frame around it: every navigation (a scan opening its form) changes it, and only this element needs to
 * draw again; its content comes in as children and stays as it was.
 */
export function BusyMain({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  return <AppShell.Main aria-busy={navigation.state === 'loading'}>{children}</AppShell.Main>;
}
