import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type PasswordTokenRequest, passwordTokenRequestSchema } from '@mde/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { requestResetToken } from '../../session/password-api';
import '../all-styles';

/** docs/spec.md §4 password flow, step 1: request a token for username + email. */
export function RequestTokenPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const navigate = useNavigate();
  const form = useForm<PasswordTokenRequest>({
    resolver: zodResolver(passwordTokenRequestSchema),
    mode: 'onChange',
    defaultValues: { username: '', email: '' },
  });
  const mutation = useMutation({
    mutationFn: requestResetToken,
    onSuccess: (answer, v) => {
      notifySuccess(answer.message);
      navigate(paths.forgotPasswordReset({ username: v.username }));
    },
    onError: () => notifyError(t('forgot.tokenNotSent'), { id: 'token-not-sent' }),
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((v) => mutation.mutate(v))} noValidate>
      <Stack>
        <Title order={2}>{t('forgot.title')}</Title>
        <Text size="sm">{t('forgot.step1Intro')}</Text>
        <TextInput
          label={t('forgot.username')}
          aria-label={t('forgot.username')}
          autoComplete="username"
          autoCapitalize="none"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextInput
          type="email"
          label={t('forgot.email')}
          aria-label={t('forgot.email')}
          autoComplete="email"
          error={form.getFieldState('email').isDirty ? errors.email?.message : undefined}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" disabled={!form.formState.isValid} loading={mutation.isPending}>
          {t('forgot.requestToken')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.login()}>
            {t('forgot.backToLogin')}
          </Anchor>
          <Anchor component={Link} to={paths.forgotPasswordReset()}>
            {t('forgot.haveToken')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
