import { Card, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { notifySuccess } from '../../lib/notify';
import { sessionKeys } from '../../session/user-context';
import { ChangePasswordForm } from '../settings/change-password-form';

/**
 * A user signed in with a one-time password an admin set chooses their own before anything else; the
 * change clears the flag, and the reloaded context lets the app through.
 */
export function MustChangePassword() {
  const { t } = useTranslation('auth');
  usePageTitle(t('mustChange.title'));
  const queryClient = useQueryClient();
  return (
    <Center>
      <Card withBorder maw={480} w="100%">
        <Stack>
          <Title order={2}>{t('mustChange.title')}</Title>
          <Text>{t('mustChange.intro')}</Text>
          <ChangePasswordForm
            texts={{
              current: t('mustChange.current'),
              new: t('mustChange.new'),
              repeat: t('mustChange.repeat'),
              submit: t('mustChange.submit'),
              failed: t('mustChange.failed'),
            }}
            onChanged={async (message) => {
              notifySuccess(message);
              await queryClient.invalidateQueries({ queryKey: sessionKeys.context() });
            }}
          />
        </Stack>
      </Card>
    </Center>
  );
}
