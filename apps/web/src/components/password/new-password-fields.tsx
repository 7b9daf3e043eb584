import { PasswordInput, Stack } from '@mantine/core';
import { PasswordRuleList } from './password-rule-list';
import { repeatProblem } from './password-rules';

interface Props {
  password: string;
  repeat: string;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
  passwordLabel: string;
  repeatLabel: string;
}

/** New password + repeat with the live rules of docs/spec.md §5 (shared by reset and password change). */
export function NewPasswordFields({ password, repeat, onPassword, onRepeat, passwordLabel, repeatLabel }: Props) {
  return (
    <Stack gap="xs">
      <PasswordInput
        label={passwordLabel}
        aria-label={passwordLabel}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        required
      />
      <PasswordRuleList password={password} />
      <PasswordInput
        label={repeatLabel}
        aria-label={repeatLabel}
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => onRepeat(e.currentTarget.value)}
        error={repeatProblem(password, repeat)}
        required
      />
    </Stack>
  );
}
