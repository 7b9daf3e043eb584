import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { usePwaState } from '../../pwa/pwa-store';
import { activateUpdate, checkForUpdate } from '../../pwa/service-worker';
import { canActivate } from '../../pwa/update-rules';
import { SettingsSection } from './settings-section';

/** docs/spec.md §2 update section: only with a service worker; activation waits for the next version hash. */
export function PwaUpdateSection() {
  const { t } = useTranslation('pwa');
  const pwa = usePwaState();
  const [checking, setChecking] = useState(false);
  if (!pwa.hasServiceWorker) return null;
  // A search the user asked for gets an answer: up to date, or the found version's own messages and question.
  const check = async () => {
    setChecking(true);
    const outcome = await checkForUpdate();
    setChecking(false);
    if (outcome === 'none') notifySuccess(t('update.upToDate'), { id: 'pwa-up-to-date' });
  };
  return (
    <SettingsSection id="pwaUpdate" title={t('update.title')}>
      <Text role="status">{pwa.updateAvailable ? t('update.available') : t('update.upToDate')}</Text>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{t('update.currentHash')}</Table.Th>
            <Table.Td data-testid="pwa-current-hash">{pwa.currentHash ?? t('update.unknownHash')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('update.nextHash')}</Table.Th>
            <Table.Td data-testid="pwa-next-hash">{pwa.nextHash ?? t('update.unknownHash')}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" onClick={() => void check()} loading={checking}>
          {t('update.check')}
        </Button>
        <Button onClick={activateUpdate} disabled={!canActivate(pwa)}>
          {t('update.activate')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
