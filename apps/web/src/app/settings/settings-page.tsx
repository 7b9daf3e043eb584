import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { version } from '../../../package.json';
import { usePageTitle } from '../../components/use-page-title';
import { showsPasswordSection } from '../../session/guard-decisions';
import { useUser } from '../shell/use-user';
import { ContactSection } from './contact-section';
import { ContextSection } from './context-section';
import { LocationSection } from './location-section';
import { PasswordSection } from './password-section';
import { PushSection } from './push-section';
import { PwaInstallSection } from './pwa-install-section';
import { PwaUpdateSection } from './pwa-update-section';
import { ScannerSection } from './scanner-section';

/** docs/spec.md §2 settings: contact, context, password (not for external users), scanner, web app (#pwaInstall). */
export function SettingsPage() {
  const { t } = useTranslation(['settings', 'pwa']);
  usePageTitle(t('title'));
  const user = useUser();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <ContactSection />
      <ContextSection />
      {showsPasswordSection(user) && <PasswordSection />}
      <ScannerSection />
      <PushSection />
      <LocationSection />
      <Stack id="pwaInstall" component="section" aria-label={t('pwa:sectionTitle')} style={{ scrollMarginTop: 70 }}>
        <PwaUpdateSection />
        <PwaInstallSection />
      </Stack>
      <Text ta="center" c="dimmed" size="sm" data-testid="app-version">
        {t('version', { version })}
      </Text>
    </Stack>
  );
}
