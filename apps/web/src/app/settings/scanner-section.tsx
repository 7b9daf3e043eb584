import { Button } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyPart } from '../../components/lazy-part';
import { paths } from '../../lib/paths';
import { loadScanner } from '../scanner-bridge';
import { SettingsSection } from './settings-section';

// The panel belongs to the scanner subsystem (docs/spec.md §2 scanner settings panel); the shell only mounts it.
const ScannerSettingsPanel = lazyPart(async () => (await loadScanner()).ScannerSettingsPanel);

export function ScannerSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="scanner" title={t('scanner.title')}>
      <Suspense fallback={null}>
        <ScannerSettingsPanel />
      </Suspense>
      <Button component={Link} to={paths.scannerTest} variant="light" leftSection={<IconBarcode size={20} />}>
        {t('scanner.test')}
      </Button>
    </SettingsSection>
  );
}
