import { Button, Card, Center, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/password/new-password-fields';
import { isValidNewPassword } from '../../components/password/password-rules';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { changePassword } from '../../session/password-api';
import { sessionKeys } from '../../session/user-context';

/**
 * A user signed in with a one-time password an admin set chooses their own before anything else; the
 * change clears the flag, and the reloaded context lets the app through.
 */
export function MustChangePassword() {
  const { t } = useTranslation('auth');
  usePageTitle(t('mustChange.title'));
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = current !== '' && isValidNewPassword(password, repeat);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.context() });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : t('mustChange.failed')),
  });
  return (
    <Center>
      <Card withBorder maw={480} w="100%">
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (valid) mutation.mutate({ currentPassword: current, password });
          }}
        >
          <Title order={2}>{t('mustChange.title')}</Title>
          <Text>{t('mustChange.intro')}</Text>
          <PasswordInput
            label={t('mustChange.current')}
            aria-label={t('mustChange.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={error}
            required
          />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            passwordLabel={t('mustChange.new')}
            repeatLabel={t('mustChange.repeat')}
          />
          <Button type="submit" disabled={!valid} loading={mutation.isPending}>
            {t('mustChange.submit')}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
