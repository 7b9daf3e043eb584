import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { notificationKeys } from '../api/keys';
import { pushProvider } from '../api/push-provider-choice';
import { webPushProvider } from '../api/web-push-provider';
import { pushAvailability } from '../model/push-keys';

const pushStateKey = [...notificationKeys.all, 'push-state'] as const;

async function readPushState() {
  const hasServiceWorker = 'serviceWorker' in navigator && !!(await navigator.serviceWorker.getRegistration());
  const availability = pushAvailability({
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    hasNotification: typeof Notification !== 'undefined',
    permission: typeof Notification === 'undefined' ? undefined : Notification.permission,
    hasServiceWorker,
  });
  const subscribed =
    availability === 'available' &&
    Notification.permission === 'granted' &&
    // Offline the server cannot name its provider: what this device holds of Web Push is all there is to show.
    (await pushProvider()
      .then((provider) => provider.isSubscribed())
      .catch(() => webPushProvider.isSubscribed()));
  return { availability, subscribed };
}

/** Settings: "Push-Benachrichtigungen aktivieren" asks permission, subscribes and stores the subscription. */
export function PushSettings() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const state = useQuery({ queryKey: pushStateKey, queryFn: readPushState });
  const refresh = () => client.invalidateQueries({ queryKey: pushStateKey });
  const enable = useMutation({
    mutationFn: async () => (await pushProvider()).enable(),
    onSuccess: () => notifySuccess(t('push.enabledMessage')),
    onError: (error) => notifyError(t('push.failed', { reason: error.message })),
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: async () => (await pushProvider()).disable(),
    onSuccess: () => notifySuccess(t('push.disabledMessage')),
    onSettled: refresh,
  });
  if (!state.data) return null;
  const { availability, subscribed } = state.data;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('push.explain')}</Text>
      {availability === 'unsupported' && <Alert color="gray">{t('push.unsupported')}</Alert>}
      {availability === 'denied' && <Alert color="yellow">{t('push.denied')}</Alert>}
      {availability === 'no-service-worker' && <Alert color="gray">{t('push.needsServiceWorker')}</Alert>}
      {subscribed && <Text data-testid="push-enabled">{t('push.enabled')}</Text>}
      {availability === 'available' &&
        (subscribed ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconBellOff size={20} />}
            loading={disable.isPending}
            onClick={() => disable.mutate()}
          >
            {t('push.disable')}
          </Button>
        ) : (
          <Button
            leftSection={<IconBellRinging size={20} />}
            loading={enable.isPending}
            onClick={() => enable.mutate()}
          >
            {t('push.enable')}
          </Button>
        ))}
    </Stack>
  );
}
