import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { installApp, openInstalledApp } from '../../pwa/install';
import { currentPlatform, installPlatform } from '../../pwa/platform';
import { usePwaState } from '../../pwa/pwa-store';
import { registerServiceWorker, unregisterServiceWorker } from '../../pwa/service-worker';
import { SettingsSection } from './settings-section';

/** Step 1 (docs/spec.md §2): register or remove the service worker, with messages for each outcome (docs/spec.md §8). */
function ServiceWorkerStep() {
  const { t } = useTranslation('pwa');
  const pwa = usePwaState();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const ok = await (pwa.hasServiceWorker ? unregisterServiceWorker() : registerServiceWorker()).catch(() => false);
    setBusy(false);
    const key = pwa.hasServiceWorker ? (ok ? 'removed' : 'removeFailed') : ok ? 'registered' : 'registerFailed';
    (ok ? notifySuccess : notifyError)(t(`install.${key}`));
  };
  // Removing takes the offline copy away (no start without network until it is registered again): ask first.
  const onClick = () => {
    if (!pwa.hasServiceWorker) {
      void toggle();
      return;
    }
    modals.openConfirmModal({
      title: t('install.unregister'),
      children: t('install.unregisterQuestion'),
      labels: { confirm: t('install.unregisterConfirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void toggle(),
    });
  };
  return (
    <Stack gap="xs">
      <Title order={4}>{t('install.step1Title')}</Title>
      <Text size="sm">{t('install.step1Text')}</Text>
      {pwa.supported ? (
        <Button variant={pwa.hasServiceWorker ? 'default' : 'filled'} onClick={onClick} loading={busy}>
          {pwa.hasServiceWorker ? t('install.unregister') : t('install.register')}
        </Button>
      ) : (
        <Alert color="yellow">{t('install.unsupported')}</Alert>
      )}
    </Stack>
  );
}

/** Step 2 (docs/spec.md §2): depends on the platform. */
function InstallStep() {
  const { t } = useTranslation('pwa');
  const navigate = useNavigate();
  const pwa = usePwaState();
  const platform = installPlatform(currentPlatform());
  const steps = (keys: string[], vars: Record<string, string> = {}) => (
    <List type="ordered" spacing="xs">
      {keys.map((k) => (
        <List.Item key={k}>{t(`install.${k}`, vars)}</List.Item>
      ))}
    </List>
  );
  return (
    <Stack gap="xs">
      <Title order={4}>{t('install.step2Title')}</Title>
      {platform === 'ios' && (
        <>
          <Text size="sm">{t('install.iosIntro')}</Text>
          {steps(['iosStep1', 'iosStep2', 'iosStep3'])}
        </>
      )}
      {platform === 'chromium' &&
        // Installed: accepted here, or the browser relates an installed app to this site.
        (pwa.isPwa || pwa.relatedApps.length > 0 ? (
          <Button variant="light" onClick={() => void openInstalledApp()}>
            {t('install.openButton')}
          </Button>
        ) : (
          <Button
            disabled={!pwa.hasServiceWorker || !pwa.canInstall}
            onClick={() => void installApp().then((ok) => ok && navigate(paths.home))}
          >
            {t('install.installButton')}
          </Button>
        ))}
      {platform === 'other' && (
        <>
          <Text size="sm">{t('install.otherIntro')}</Text>
          {steps(['otherStep1', 'otherStep2', 'otherStep3'], { url: window.location.origin })}
          <Text size="sm" c="dimmed">
            {t('install.otherNote')}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** docs/spec.md §2 install section, visible while the app is not running as an installed app. */
export function PwaInstallSection() {
  const { t } = useTranslation('pwa');
  if (currentPlatform().standalone) return null;
  return (
    <SettingsSection id="pwaInstallApp" title={t('install.title')}>
      <ServiceWorkerStep />
      <InstallStep />
    </SettingsSection>
  );
}
