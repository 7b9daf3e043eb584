import { Alert, Button, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GeoPositionView } from '../../components/geo-position-view';
import { takeGeoPosition } from '../../lib/geo-position';
import { SettingsSection } from './settings-section';

/** A device check like the scanner test: may and can this device tell where it is (docs/spec.md §7 geolocation)? */
export function LocationSection() {
  const { t } = useTranslation('settings');
  const lookup = useMutation({ mutationFn: () => takeGeoPosition() });
  const result = lookup.data;
  return (
    <SettingsSection id="location" title={t('location.title')}>
      <Text size="sm">{t('location.explain')}</Text>
      <Button
        variant="light"
        leftSection={<IconMapPin size={20} />}
        loading={lookup.isPending}
        onClick={() => lookup.mutate()}
      >
        {t('location.take')}
      </Button>
      {result?.status === 'ok' && <GeoPositionView position={result.position} />}
      {result && result.status !== 'ok' && (
        <Alert color="yellow" role="status">
          {t(`location.${result.status}`)}
        </Alert>
      )}
    </SettingsSection>
  );
}
