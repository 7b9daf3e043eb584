import { Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePwaState } from '../../pwa/pwa-store';
import { activateUpdate, checkForUpdate } from '../../pwa/service-worker';
import { canActivate } from '../../pwa/update-rules';
import { SettingsSection } from './settings-section';

/** Spec §2 update section: only with a service worker; activation waits for the next version hash. */
export function PwaUpdateSection() {
  const { t } = useTranslation('pwa');
  const pwa = usePwaState();
  if (!pwa.hasServiceWorker) return null;
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
        <Button variant="light" onClick={() => void checkForUpdate()}>
          {t('update.check')}
        </Button>
        <Button onClick={activateUpdate} disabled={!canActivate(pwa)}>
          {t('update.activate')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
