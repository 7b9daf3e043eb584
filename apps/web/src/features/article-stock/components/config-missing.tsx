import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';

/** Shown when the module config the screens need (docs/spec.md §2) could not be loaded, e.g. offline on first use. */
export function ConfigMissing() {
  const { t } = useTranslation(['shell', 'common']);
  const revalidator = useRevalidator();
  return (
    <Stack>
      <Alert color="red" role="alert">
        {t('shell:configMissing')}
      </Alert>
      <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
        {t('common:retry')}
      </Button>
    </Stack>
  );
}
