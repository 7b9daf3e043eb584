import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { currentConnection } from '../../lib/connection-store';
import { connectionLabel } from '../../lib/connections';
import { notifyError } from '../../lib/notify';
import { paths, safeRedirectTarget } from '../../lib/paths';
import { login } from '../../session/session-actions';
import { loadScanAudio } from '../scanner-bridge';
import { loginFailureMessage } from './login-failure';
import { type LoginInput, loginRequestOf } from './login-validation';
import { WaitingOnDevice } from './waiting-on-device';

export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [input, setInput] = useState<LoginInput>({ username: '', password: '', stayAuthenticated: false });
  const request = loginRequestOf(input);
  const text = (field: 'username' | 'password') => ({
    value: input[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setInput((was) => ({ ...was, [field]: value }));
    },
  });
  const mutation = useMutation({
    mutationFn: login,
    // Offline the login must fail at once with the connection message (docs/spec.md §8), not wait for the network.
    networkMode: 'always',
    onSuccess: () => {
      notifications.hide('login-failed');
      navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
    },
    onMutate: () => {
      // A new attempt takes the last failure off the screen, so its own failure is told with its own text.
      notifications.hide('login-failed');
      // Browsers allow sound only after a user gesture: the login click unlocks the scan beep (docs/spec.md §4).
      // Without a connection the beep's chunk may be missing; the login then says so, the beep waits.
      void loadScanAudio().then(
        (audio) => audio.unlockAudio(),
        () => undefined,
      );
    },
    onError: (error) =>
      notifyError(loginFailureMessage(error), { title: t('login.failedSubject'), id: 'login-failed' }),
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (request) mutation.mutate(request);
      }}
      noValidate
    >
      <Stack>
        <Title order={2}>{t('login.title')}</Title>
        <WaitingOnDevice />
        <TextInput
          label={t('login.username')}
          aria-label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          size="lg"
          {...text('username')}
        />
        <PasswordInput
          label={t('login.password')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          size="lg"
          {...text('password')}
        />
        <Checkbox
          label={t('login.stayAuthenticated')}
          checked={input.stayAuthenticated}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setInput((was) => ({ ...was, stayAuthenticated: checked }));
          }}
        />
        <Button type="submit" size="lg" disabled={!request} loading={mutation.isPending}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.forgotPassword}>
            {t('login.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to={paths.loginSettings}>
            {t('login.connectionSettings')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" data-testid="login-connection">
          {t('login.connection', { name: connectionLabel(currentConnection()) })}
        </Text>
      </Stack>
    </form>
  );
}
