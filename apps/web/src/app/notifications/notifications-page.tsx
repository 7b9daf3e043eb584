import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';

/** The notifications route; its list, tabs and badge come with the notifications issue (spec §2). */
export function NotificationsPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('notifications'));
  return (
    <Stack>
      <Title order={2}>{t('notifications')}</Title>
      <Alert>{t('notificationsEmpty')}</Alert>
    </Stack>
  );
}
