import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureNotice } from '../model/failure-notice';

/** A failed load in the words of docs/spec.md §8: title 'Prüfung fehlgeschlagen', the server's sentence below. */
export function FailureAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const notice = failureNotice(error, t('unexpectedError'));
  return (
    <Alert color="red" role="alert" title={notice.title} data-testid="gift-card-error">
      {notice.message}
    </Alert>
  );
}
