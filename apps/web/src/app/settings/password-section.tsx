import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/password/new-password-fields';
import { isValidNewPassword } from '../../components/password/password-rules';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { changePassword } from '../../session/password-api';
import { SettingsSection } from './settings-section';

/** docs/spec.md §2 password change (group internal; the page hides it for external users). */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const valid = current !== '' && isValidNewPassword(password, repeat);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      setCurrent('');
      setPassword('');
      setRepeat('');
    },
    onError: (e) => notifyError(e instanceof ApiError ? e.message : t('password.failed')),
  });
  return (
    <SettingsSection id="password" title={t('password.title')}>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) mutation.mutate({ currentPassword: current, password });
        }}
      >
        <PasswordInput
          label={t('password.current')}
          aria-label={t('password.current')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          required
        />
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          passwordLabel={t('password.new')}
          repeatLabel={t('password.repeat')}
        />
        <Button type="submit" disabled={!valid} loading={mutation.isPending}>
          {t('password.submit')}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
