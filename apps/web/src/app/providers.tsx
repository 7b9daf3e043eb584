import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

function GermanModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <ModalsProvider labels={{ confirm: t('yes'), cancel: t('no') }} modalProps={{ centered: true }}>
      {children}
    </ModalsProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-center" limit={3} />
        <QueryClientProvider client={queryClient}>
          <GermanModals>{children}</GermanModals>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
