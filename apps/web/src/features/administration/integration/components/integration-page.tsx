import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/** /admin/integration: the installation's API keys and webhooks, one card each. */
export function IntegrationPage() {
  const { t } = useTranslation('admin-integration');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <ApiKeysCard />
      <WebhooksCard />
    </Stack>
  );
}
