import type { ContextChange } from '@mde/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { changeContext } from '../../session/context-api';
import { contextPatch } from '../../session/context-change';
import { useUser } from './use-user';

/** docs/spec.md §4: an unchanged choice does nothing; a change is sent, confirmed with 'Der Context wurde geändert'. */
export function useContextChange() {
  const { t } = useTranslation(['shell', 'common']);
  const user = useUser();
  const mutation = useMutation({
    mutationFn: changeContext,
    onSuccess: () => notifySuccess(t('shell:context.changed'), { id: 'context-changed' }),
    onError: (e) => notifyError(e instanceof ApiError ? e.message : t('common:unexpectedError')),
  });
  const change = (choice: ContextChange) => {
    const patch = contextPatch(user, choice);
    if (patch) mutation.mutate(patch);
  };
  return { change, pending: mutation.isPending };
}
