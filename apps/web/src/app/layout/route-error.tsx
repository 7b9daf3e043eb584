import { Alert, Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';

/** Any loader or render failure: a German message and a way back, never a blank page. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const message = error instanceof ApiError ? error.message : t('routeError');
  return (
    <Center mih="60dvh" p="md">
      <Stack maw={420}>
        <Alert color="red" role="alert" title={t('error')}>
          {message}
        </Alert>
        <Button component={Link} to={paths.home} reloadDocument>
          {t('toHome')}
        </Button>
      </Stack>
    </Center>
  );
}
