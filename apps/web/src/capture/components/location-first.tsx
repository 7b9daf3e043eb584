import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { WarehouseLocation } from '@mde/contracts';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { feedback, isScanCancelled, scan } from '../../scanner';
import { saveLocation } from '../model/list-preferences';
import { locationOfCode } from '../model/location-code';

interface Props {
  module: string;
  location: string | null;
  /** The warehouse's locations: a scanned label is named by its code, and shown with aisle, shelf and level. */
  locations: readonly WarehouseLocation[];
  onChange: (location: string | null) => void;
}

/** Inventur: scan a storage location, then its articles; every line gets the current location. */
export function LocationFirst({ module, location, locations, onChange }: Props) {
  const { t } = useTranslation('capture');
  const set = (value: string | null) => {
    const v = value?.trim().toUpperCase() || null;
    saveLocation(module, v);
    onChange(v);
  };
  const scanLocation = async () => {
    try {
      const result = await scan();
      feedback.ok();
      const hit = locationOfCode(result.data, locations);
      set(hit?.code ?? result.data);
      notifySuccess(
        t('list.locationSet', { location: hit ? `${hit.code} (${hit.name})` : result.data.trim().toUpperCase() }),
      );
    } catch (error) {
      if (!isScanCancelled(error)) notifyError(error instanceof Error ? error.message : String(error));
    }
  };
  const named = location ? locations.find((l) => l.code.toUpperCase() === location.toUpperCase())?.name : undefined;
  // The field takes the full width of a phone; the scan and clear buttons go below it.
  return (
    <Stack gap={6}>
      <TextInput
        label={t('list.currentLocation')}
        aria-label={t('list.currentLocation')}
        description={location ? named : t('list.locationFirstHint')}
        value={location ?? ''}
        onChange={(e) => set(e.currentTarget.value)}
        maxLength={40}
      />
      <Group gap="xs">
        <Button variant="light" leftSection={<IconMapPin size={16} />} onClick={() => void scanLocation()}>
          {t('list.locationFirst')}
        </Button>
        {location && (
          <Button variant="subtle" color="gray" onClick={() => set(null)}>
            {t('list.clearLocation')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
