import { Alert, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { visibleModules } from '../../session/guard-decisions';
import { moduleHref, moduleIcon } from '../shell/module-icons';
import { useUser } from '../shell/use-user';
import { CurrentContext } from './current-context';

/** docs/spec.md §2 overview: a large tile per module the user may use, and the current context. */
export function OverviewPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('overview'));
  const user = useUser();
  const modules = visibleModules(user);
  return (
    <Stack>
      <CurrentContext />
      <Title order={2}>{t('modulesHeading')}</Title>
      {modules.length === 0 && <Alert>{t('noModules')}</Alert>}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {modules.map((m) => {
          const Icon = moduleIcon(m.name);
          return (
            <UnstyledButton key={m.name} component={Link} to={moduleHref(m.route)} aria-label={t(`modules.${m.name}`)}>
              <Paper withBorder shadow="xs" p="md" radius="md" mih={120} h="100%">
                <Stack align="center" justify="center" gap="xs" h="100%">
                  <Icon size={44} stroke={1.5} color="var(--mantine-color-blue-7)" />
                  <Text fw={600} ta="center">
                    {t(`modules.${m.name}`)}
                  </Text>
                </Stack>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
