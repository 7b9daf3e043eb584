import { Alert, Card, Center, Chip, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { type AdminDevice, type AdminDeviceFilter, DEVICE_STALE_HOURS, hasWaitingWork } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { ReadableBadge } from '../../components/readable-badge';
import { useAdminDevices } from '../api/devices';
import { DeviceName } from './device-name';

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' }) : null;

// Waiting work is orange wherever it shows (docs/administration.md "Geräte"): the badge, the card's edge, the row.
const ORANGE_EDGE = { borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 };

function StateBadge({ device }: { device: AdminDevice }) {
  const { t } = useTranslation('admin-devices');
  if (device.stale) return <ReadableBadge color="orange">{t('staleShort')}</ReadableBadge>;
  if (hasWaitingWork(device)) return <ReadableBadge color="orange">{t('waitingShort')}</ReadableBadge>;
  return <ReadableBadge color="green">{t('ok')}</ReadableBadge>;
}

const FILTERS: AdminDeviceFilter[] = ['all', 'waiting', 'stale'];

/** /admin/devices: every device of the admin's firmas; at 360 px one card per device, on a desktop a table. */
export function DevicesPage() {
  const { t } = useTranslation('admin-devices');
  const [filter, setFilter] = useState<AdminDeviceFilter>('all');
  const query = useAdminDevices(filter);
  const devices = query.data?.devices ?? [];
  const none = t('none');
  const staleText = t('stale', { hours: DEVICE_STALE_HOURS });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Chip.Group value={filter} onChange={(v) => setFilter(v as AdminDeviceFilter)}>
        <Group gap="xs" role="radiogroup" aria-label={t('filter')}>
          {FILTERS.map((f) => (
            <Chip key={f} value={f} type="radio">
              {t(`filters.${f}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {query.isPending ? (
        <Center>
          <Loader />
        </Center>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : devices.length === 0 ? (
        <Text>{t(`empty.${filter}`)}</Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="md" data-testid="device-cards">
            {devices.map((d) => (
              <Card
                key={`${d.deviceId}:${d.user.id}`}
                withBorder
                data-testid="device-card"
                data-device={d.deviceId}
                data-waiting={hasWaitingWork(d) || undefined}
                style={hasWaitingWork(d) ? ORANGE_EDGE : undefined}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <DeviceName device={d} />
                  <StateBadge device={d} />
                </Group>
                {d.stale && <Text size="sm">{staleText}</Text>}
                <Text size="sm">
                  {t('columns.user')}: {d.user.fullName}
                </Text>
                <Text size="sm" fw={hasWaitingWork(d) ? 700 : undefined}>
                  {t('columns.waiting')}: <span data-testid="waiting">{d.waiting}</span> · {t('columns.setAside')}:{' '}
                  <span data-testid="set-aside">{d.setAside}</span>
                </Text>
                <Text size="sm">
                  {t('columns.lastContact')}: {when(d.lastContactAt)} · {t('columns.version')}: {d.appVersion}
                </Text>
                <Text size="sm">
                  {t('columns.cache')}: {when(d.cacheRefreshedAt) ?? none}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('columns.id')}: {d.deviceId}
                </Text>
              </Card>
            ))}
          </Stack>
          <Table visibleFrom="md" striped data-testid="device-table">
            <Table.Thead>
              <Table.Tr>
                {(['device', 'user', 'lastContact', 'version', 'waiting', 'setAside', 'cache', 'state'] as const).map(
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
                  data-waiting={hasWaitingWork(d) || undefined}
                  bg={hasWaitingWork(d) ? 'var(--mantine-color-orange-light)' : undefined}
                >
                  <Table.Td>
                    <DeviceName device={d} />
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {d.deviceId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.user.fullName}</Table.Td>
                  <Table.Td>{when(d.lastContactAt)}</Table.Td>
                  <Table.Td>{d.appVersion}</Table.Td>
                  <Table.Td data-testid="waiting" fw={hasWaitingWork(d) ? 700 : undefined}>
                    {d.waiting}
                  </Table.Td>
                  <Table.Td data-testid="set-aside">{d.setAside}</Table.Td>
                  <Table.Td>{when(d.cacheRefreshedAt) ?? none}</Table.Td>
                  <Table.Td>
                    <StateBadge device={d} />
                    {d.stale && <Text size="xs">{staleText}</Text>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {query.data && devices.some((d) => d.stale) && filter !== 'stale' && (
        <Alert color="orange" variant="light">
          {staleText}
        </Alert>
      )}
    </Stack>
  );
}
