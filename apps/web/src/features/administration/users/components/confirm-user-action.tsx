import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AdminDevice, AdminUser } from '@mde/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { adminDevicesQuery } from '../../devices/api/devices';

type ConfirmedUserAction = 'disable' | 'enable' | 'oneTime';

/** The user's devices that still hold work not sent (null: the list could not be read now). */
async function devicesWithWork(queryClient: QueryClient, userId: number): Promise<AdminDevice[] | null> {
  try {
    const { devices } = await queryClient.fetchQuery({ ...adminDevicesQuery('waiting'), staleTime: 0 });
    return devices.filter((d) => d.user.id === userId);
  } catch {
    return null;
  }
}

/**
 * Asks before an action that signs the user out of every device (disabling, a one-time password), naming what
 * it does and each device where their work waits to be sent: it goes only after they sign in there again
 * (docs/administration.md "Users"). Enabling asks only whether.
 */
export async function confirmUserAction(
  queryClient: QueryClient,
  t: TFunction<'admin-users'>,
  user: AdminUser,
  kind: ConfirmedUserAction,
  onConfirm: () => void,
): Promise<void> {
  const own = (key: string, values?: Record<string, unknown>) => t(`confirm.${kind}.${key}`, values);
  const devices = kind === 'enable' ? [] : await devicesWithWork(queryClient, user.id);
  modals.openConfirmModal({
    title: own('title', { name: user.username }),
    children: (
      <Stack gap="xs">
        <Text size="sm">{own('consequence', { name: user.username })}</Text>
        {devices === null && <Text size="sm">{t('confirm.devicesUnknown')}</Text>}
        {devices !== null && devices.length > 0 && (
          <>
            <Text size="sm" fw={700}>
              {t('confirm.devicesWaiting', { name: user.username })}
            </Text>
            <List size="sm" data-testid="devices-with-work">
              {devices.map((d) => (
                <List.Item key={d.deviceId}>
                  {t('confirm.device', { name: d.name, count: d.waiting + d.setAside })}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    ),
    labels: { confirm: own('confirm'), cancel: t('actions.cancel') },
    confirmProps: { color: kind === 'enable' ? undefined : 'red' },
    onConfirm,
  });
}
