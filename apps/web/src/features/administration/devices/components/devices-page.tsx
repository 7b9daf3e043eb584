import { Alert, Badge, Card, Center, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { type AdminDevice, DEVICE_STALE_HOURS } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { useAdminDevices } from '../api/devices';

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' }) : null;

function StateBadge({ device }: { device: AdminDevice }) {
  const { t } = useTranslation('admin-devices');
  return device.stale ? <Badge color="orange">{t('staleShort')}</Badge> : <Badge color="green">{t('ok')}</Badge>;
}

/** /admin/devices: every device of the admin's firmas; at 360 px one card per device, on a desktop a table. */
export function DevicesPage() {
  const { t } = useTranslation('admin-devices');
  const [staleOnly, setStaleOnly] = useState(false);
  const query = useAdminDevices(staleOnly);
  const devices = query.data?.devices ?? [];
  const none = t('none');
  const staleText = t('stale', { hours: DEVICE_STALE_HOURS });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Switch label={t('staleOnly')} checked={staleOnly} onChange={(e) => setStaleOnly(e.currentTarget.checked)} />
      {query.isPending ? (
        <Center>
          <Loader />
        </Center>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : devices.length === 0 ? (
        <Text>{staleOnly ? t('emptyStale') : t('empty')}</Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="md" data-testid="device-cards">
            {devices.map((d) => (
              <Card
                key={`${d.deviceId}:${d.user.id}`}
                withBorder
                data-testid="device-card"
                data-device={d.deviceId}
                style={d.stale ? { borderColor: 'var(--mantine-color-orange-7)' } : undefined}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{d.user.fullName}</Text>
                  <StateBadge device={d} />
                </Group>
                {d.stale && (
                  <Text size="sm" c="orange.9">
                    {staleText}
                  </Text>
                )}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('columns.device')}: {d.deviceId}
                </Text>
                <Text size="sm">
                  {t('columns.lastContact')}: {when(d.lastContactAt)} · {t('columns.version')}: {d.appVersion}
                </Text>
                <Text size="sm">
                  {t('columns.waiting')}: <span data-testid="waiting">{d.waiting}</span> · {t('columns.setAside')}:{' '}
                  <span data-testid="set-aside">{d.setAside}</span>
                </Text>
                <Text size="sm">
                  {t('columns.cache')}: {when(d.cacheRefreshedAt) ?? none}
                </Text>
              </Card>
            ))}
          </Stack>
          <Table visibleFrom="md" striped data-testid="device-table">
            <Table.Thead>
              <Table.Tr>
                {(['user', 'device', 'lastContact', 'version', 'waiting', 'setAside', 'cache', 'state'] as const).map(
                  (c) => (
                    <Table.Th key={c}>{t(`columns.${c}`)}</Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.map((d) => (
                <Table.Tr
                  key={`${d.deviceId}:${d.user.id}`}
                  data-testid="device-row"
                  data-device={d.deviceId}
                  bg={d.stale ? 'var(--mantine-color-orange-light)' : undefined}
                >
                  <Table.Td>{d.user.fullName}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.deviceId}</Table.Td>
                  <Table.Td>{when(d.lastContactAt)}</Table.Td>
                  <Table.Td>{d.appVersion}</Table.Td>
                  <Table.Td data-testid="waiting">{d.waiting}</Table.Td>
                  <Table.Td data-testid="set-aside">{d.setAside}</Table.Td>
                  <Table.Td>{when(d.cacheRefreshedAt) ?? none}</Table.Td>
                  <Table.Td>
                    <StateBadge device={d} />
                    {d.stale && (
                      <Text size="xs" c="orange.9">
                        {staleText}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {query.data && devices.some((d) => d.stale) && !staleOnly && (
        <Alert color="orange" variant="light">
          {staleText}
        </Alert>
      )}
    </Stack>
  );
}
