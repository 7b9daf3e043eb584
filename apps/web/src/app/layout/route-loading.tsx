import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RouteLoading() {
  const { t } = useTranslation('common');
  return (
    <Center h="100dvh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
