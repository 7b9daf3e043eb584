import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';

export function LoadingState() {
  const { t } = useTranslation('common');
  return (
    <Center py="lg">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

export function EmptyState() {
  const { t } = useTranslation('article-info');
  return (
    <Text c="dimmed" ta="center" py="lg" data-testid="empty-state">
      {t('noData')}
    </Text>
  );
}

/** Loading, error or empty — what every list shows before (or instead of) its rows. */
export function QueryState({
  isPending,
  error,
  isEmpty,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry?: () => void;
}) {
  if (isPending) return <LoadingState />;
  if (error) return <QueryError error={error} onRetry={onRetry} />;
  if (isEmpty) return <EmptyState />;
  return null;
}
