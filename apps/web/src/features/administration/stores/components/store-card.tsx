import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { AdminStore } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogTarget } from './org-dialogs';
import { WarehouseLocations } from './warehouse-locations';

interface Props {
  store: AdminStore;
  open: (target: DialogTarget) => void;
}

/** One store (vkforg) with its warehouses; a warehouse unfolds its storage locations. */
export function StoreCard({ store, open }: Props) {
  const { t } = useTranslation('admin-stores');
  const [shown, setShown] = useState<number | null>(null);
  const label = `${store.vkforg} – ${store.name}`;
  return (
    <Card withBorder padding="sm" aria-label={label} component="section">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{label}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => open({ kind: 'store', firma: store.firma, store })}
          aria-label={`${t('editStore')} ${store.vkforg}`}
        >
          {t('edit')}
        </Button>
      </Group>
      <Stack gap={4} mt="xs">
        {store.warehouses.length === 0 && <Text size="sm">{t('noWarehouses')}</Text>}
        {store.warehouses.map((w) => (
          <Stack key={w.id} gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {w.number} – {w.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-expanded={shown === w.id}
                  aria-label={`${t('showLocations')} ${store.vkforg} ${w.number}`}
                  onClick={() => setShown(shown === w.id ? null : w.id)}
                >
                  {t('showLocations')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => open({ kind: 'warehouse', storeId: store.id, warehouse: w })}
                  aria-label={`${t('editWarehouse')} ${store.vkforg} ${w.number}`}
                >
                  {t('edit')}
                </Button>
              </Group>
            </Group>
            {shown === w.id && (
              <Stack gap={4}>
                <WarehouseLocations
                  warehouseId={w.id}
                  onEdit={(location) => open({ kind: 'location', warehouseId: w.id, location })}
                />
                <Button
                  size="compact-sm"
                  variant="default"
                  ml="md"
                  w="fit-content"
                  onClick={() => open({ kind: 'location', warehouseId: w.id })}
                >
                  {t('newLocation')}
                </Button>
              </Stack>
            )}
          </Stack>
        ))}
      </Stack>
      <Button
        size="compact-sm"
        variant="default"
        mt="xs"
        w="fit-content"
        onClick={() => open({ kind: 'warehouse', storeId: store.id })}
        aria-label={`${t('newWarehouse')} ${store.vkforg}`}
      >
        {t('newWarehouse')}
      </Button>
    </Card>
  );
}
