import { Badge, Group, Paper, Text } from '@mantine/core';
import type { StorageLocation } from '@mde/contracts';
import { useTranslation } from 'react-i18next';

/** Which location the screen is about: code, name, warehouse, zone and kind. */
export function LocationHeader({ location: l, offline }: { location: StorageLocation; offline: boolean }) {
  const { t } = useTranslation('storage-locations');
  return (
    <Paper withBorder p="xs" data-testid="location-header">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} size="lg">
            {l.code}
          </Text>
          <Text size="sm" c="dimmed">
            {l.name} · {l.warehouseNumber} {l.warehouseName} · {l.zone}
          </Text>
        </div>
        <Badge variant="light" style={{ flexShrink: 0 }}>
          {t(`type.${l.type}`)}
        </Badge>
      </Group>
      {offline && (
        <Text size="xs" c="dimmed">
          {t('location.offline')}
        </Text>
      )}
    </Paper>
  );
}
