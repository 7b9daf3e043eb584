import { Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Frame of the screens before login: login, connection settings, forgot password. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Container size={460} w="100%" p={0}>
        <Stack gap="md">
          <Stack gap={0} align="center">
            <Title order={1} c="blue.8">
              {t('appName')}
            </Title>
            <Text c="dimmed">{t('appTitle')}</Text>
          </Stack>
          <Paper withBorder shadow="sm" p="lg" radius="md">
            <Outlet />
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
