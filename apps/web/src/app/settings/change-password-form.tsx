import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { NewPasswordFields } from '../../components/password/new-password-fields';
import { isValidNewPassword } from '../../components/password/password-rules';
import { ApiError } from '../../lib/api-client';
import { changePassword } from '../../session/password-api';

export interface ChangePasswordTexts {
  current: string;
  new: string;
  repeat: string;
  submit: string;
  /** Shown when the server gave no message of its own. */
  failed: string;
}

interface Props {
  texts: ChangePasswordTexts;
  /** After the server took the new password, with its message. */
  onChanged: (message: string) => unknown;
  /** Where a refusal goes; without it, under the current-password field. */
  onFailed?: (message: string) => void;
}

/**
 * Current password, new password and its repeat with the live rules, sent to the password change: the settings
 * page and the first sign-in with a one-time password use the same form with their own words.
 */
export function ChangePasswordForm({ texts, onChanged, onFailed }: Props) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = current !== '' && isValidNewPassword(password, repeat);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      setCurrent('');
      setPassword('');
      setRepeat('');
      await onChanged(answer.message);
    },
    onError: (e) => {
      const message = e instanceof ApiError ? e.message : texts.failed;
      if (onFailed) onFailed(message);
      else setError(message);
    },
  });
  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (valid) mutation.mutate({ currentPassword: current, password });
      }}
    >
      <PasswordInput
        label={texts.current}
        aria-label={texts.current}
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
        passwordLabel={texts.new}
        repeatLabel={texts.repeat}
      />
      <Button type="submit" disabled={!valid} loading={mutation.isPending}>
        {texts.submit}
      </Button>
    </Stack>
  );
}
