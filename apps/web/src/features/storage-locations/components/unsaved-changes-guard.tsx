import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { paths } from '../../../lib/paths';
import { useUnsavedInput } from '../../../lib/unsaved-input';
import { ConfirmDialog } from './confirm-dialog';

/**
 * docs/spec.md §5: leaving the product detail with unsaved changes asks 'Ungespeicherte Änderungen'; only "Ja"
 * leaves. Every way out inside the app goes through the router (back button, menu, header link, browser
 * back, a scan that opens another article), so one blocker catches them all; closing or reloading the tab
 * gets the browser's own question. A session that ended goes to the login without asking.
 */
export function UnsavedChangesGuard({ dirty, leaving }: { dirty: boolean; leaving: RefObject<boolean> }) {
  const { t } = useTranslation('storage-locations');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      // Set by the screen itself when it leaves on purpose (after removing the assignment).
      !leaving.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !nextLocation.pathname.startsWith(paths.login()),
  );
  // An app update waits while edits are unsaved (lib/unsaved-input).
  useUnsavedInput(dirty);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('guard.title')}
      question={t('guard.question')}
      onYes={() => blocker.proceed?.()}
      onNo={() => blocker.reset?.()}
      safeAnswer="no"
    />
  );
}
