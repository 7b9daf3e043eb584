import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type AdminLocation, STORAGE_LOCATION_TYPE_LABELS } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { useLocations } from '../api/stores-api';

interface Props {
  warehouseId: number;
  onEdit: (location: AdminLocation) => void;
}

/** The storage locations of one warehouse, each editable. */
export function WarehouseLocations({ warehouseId, onEdit }: Props) {
  const { t } = useTranslation('admin-stores');
  const locations = useLocations(warehouseId);
  if (locations.isPending) return <Loader size="sm" />;
  if (!locations.data?.length) return <Text size="sm">{t('noLocations')}</Text>;
  return (
    <Stack gap={4} pl="md">
      {locations.data.map((l) => (
        <Group key={l.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {l.code} – {l.name} ({STORAGE_LOCATION_TYPE_LABELS[l.locationType]}
            {l.zone ? `, ${l.zone}` : ''})
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onEdit(l)}
            aria-label={`${t('editLocation')} ${l.code}`}
          >
            {t('edit')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
