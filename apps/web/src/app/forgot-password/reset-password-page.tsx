import { Anchor, Button, Stack, TextInput, Title } from '@mantine/core';
import { passwordTokenRequestSchema } from '@mde/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../components/password/new-password-fields';
import { isValidNewPassword } from '../../components/password/password-rules';
import { usePageTitle } from '../../components/use-page-title';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { resetPassword } from '../../session/password-api';
import '../all-styles';

/** docs/spec.md §4 password flow, step 2: username, email, token (prefilled from the mail link) and the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.resetTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [email, setEmail] = useState('');
  const [token, setToken] = useState(params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const emailOk = passwordTokenRequestSchema.shape.email.safeParse(email).success;
  const valid = username.trim() !== '' && emailOk && token.trim() !== '' && isValidNewPassword(password, repeat);

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      navigate(paths.login(), { replace: true });
    },
    onError: () => notifyError(t('forgot.notReset'), { id: 'password-not-reset' }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (valid) mutation.mutate({ username: username.trim(), email: email.trim(), token: token.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{t('forgot.resetTitle')}</Title>
        <TextInput
          label={t('forgot.username')}
          aria-label={t('forgot.username')}
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
        />
        <TextInput
          type="email"
          label={t('forgot.email')}
          aria-label={t('forgot.email')}
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={email !== '' && !emailOk ? t('forgot.invalidEmail') : undefined}
          required
        />
        <TextInput
          label={t('forgot.token')}
          aria-label={t('forgot.token')}
          autoComplete="one-time-code"
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          required
        />
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          passwordLabel={t('forgot.password')}
          repeatLabel={t('forgot.passwordRepeat')}
        />
        <Button type="submit" size="lg" disabled={!valid} loading={mutation.isPending}>
          {t('forgot.reset')}
        </Button>
        <Anchor component={Link} to={paths.login()}>
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
