import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/** A failed load with the server's German message (or the generic one) and a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const message = error instanceof ApiError ? error.message : t('unexpectedError');
  return (
    <Alert color="red" role="alert" title={t('error')}>
      <Group justify="space-between">
        <span>{message}</span>
        {onRetry && (
          <Button variant="light" color="red" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
