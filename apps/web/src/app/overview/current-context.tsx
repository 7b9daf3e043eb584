import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountsQuery, firmasQuery, vkforgsQuery } from '../../session/context-api';
import { useUser } from '../shell/use-user';

/** The names of the current account, vkforg and firma (docs/spec.md §2 overview; §6: only when a context exists). */
export function CurrentContext() {
  const { t } = useTranslation('shell');
  const user = useUser();
  const account = useQuery(accountsQuery()).data?.find((a) => a.id === user.accountid);
  const vkforg = useQuery(vkforgsQuery()).data?.find((v) => v.id === user.vkforgid);
  const firma = useQuery(firmasQuery()).data?.find((f) => f.id === user.firmaid);
  const rows = [
    [t('context.account'), account && `${account.number} – ${account.name}`],
    [t('context.vkforg'), vkforg && `${vkforg.vkforg} – ${vkforg.kurzbezeichnung}`],
    [t('context.firma'), firma?.kurzbezeichnung],
  ] as const;
  return (
    <Paper withBorder p="sm" radius="md" aria-label={t('context.current')} component="section">
      <Stack gap={4}>
        <Text fw={700}>{user.userFullName}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={4}>
          {rows.map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed" size="sm">
                {label}:{' '}
              </Text>
              <span data-testid={`context-${label}`}>{value ?? '…'}</span>
            </Text>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
