import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { atNextIdle } from '../lib/idle';
import { queryClient } from '../lib/query-client';
import { onContextKept } from '../session/user-context';
import { holdModalCalls, LazyModals } from './overlays/lazy-modals';
import { configureNotifications, LazyNotifications } from './overlays/lazy-notifications';
import { cssVariablesResolver, theme } from './theme';

// Before the first render: a message or a confirmation asked for during start-up is not lost.
configureNotifications();
holdModalCalls();
// Every context seen keeps the device copies a capture needs offline; the code (the capture modules' definitions)
// loads when first needed, at an idle moment of its own rather than in the same task as the context's copy.
onContextKept(
  (context) =>
    new Promise<void>((resolve) =>
      atNextIdle(() => import('./device-copies').then((m) => m.primeDeviceCopies(context)).finally(resolve)),
    ),
);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <LazyNotifications />
        <QueryClientProvider client={queryClient}>
          {children}
          <LazyModals />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
