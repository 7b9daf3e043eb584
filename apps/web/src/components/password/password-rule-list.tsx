import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { livePasswordProblems } from './password-rules';

/** Lists what the typed password still lacks (docs/spec.md §5), updated on every keystroke. */
export function PasswordRuleList({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const problems = livePasswordProblems(password);
  if (password === '') return null;
  if (problems.length === 0) {
    return (
      <Text size="sm" c="green.8" role="status">
        {t('password.allMet')}
      </Text>
    );
  }
  return (
    <List size="sm" c="red.8" aria-label={t('password.rulesTitle')} role="alert">
      {problems.map((p) => (
        <List.Item key={p}>{p}</List.Item>
      ))}
    </List>
  );
}
