import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { passwordTokenRequestSchema } from '@mde/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { checkFields } from '../../lib/field-problems';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { requestResetToken } from '../../session/password-api';
import '../all-styles';

/** docs/spec.md §4 password flow, step 1: request a token for username + email. */
export function RequestTokenPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const navigate = useNavigate();
  const [values, setValues] = useState({ username: '', email: '' });
  // A field says what is wrong once it has been typed in, not before.
  const [typed, setTyped] = useState({ username: false, email: false });
  const checked = checkFields(passwordTokenRequestSchema, values);
  const problemOf = (field: 'username' | 'email') =>
    !checked.ok && typed[field] ? checked.problems[field] : undefined;
  const field = (name: 'username' | 'email') => ({
    value: values[name],
    error: problemOf(name),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((was) => ({ ...was, [name]: value }));
      setTyped((was) => ({ ...was, [name]: true }));
    },
  });
  const mutation = useMutation({
    mutationFn: requestResetToken,
    onSuccess: (answer, v) => {
      notifySuccess(answer.message);
      navigate(paths.forgotPasswordReset({ username: v.username }));
    },
    onError: () => notifyError(t('forgot.tokenNotSent'), { id: 'token-not-sent' }),
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (checked.ok) mutation.mutate(checked.data);
      }}
      noValidate
    >
      <Stack>
        <Title order={2}>{t('forgot.title')}</Title>
        <Text size="sm">{t('forgot.step1Intro')}</Text>
        <TextInput
          label={t('forgot.username')}
          aria-label={t('forgot.username')}
          autoComplete="username"
          autoCapitalize="none"
          {...field('username')}
        />
        <TextInput
          type="email"
          label={t('forgot.email')}
          aria-label={t('forgot.email')}
          autoComplete="email"
          {...field('email')}
        />
        <Button type="submit" size="lg" disabled={!checked.ok} loading={mutation.isPending}>
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
