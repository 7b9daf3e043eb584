import { modals } from '@mantine/modals';
import { i18n } from '../../i18n';

/** Lines and exports of the user that have not reached the server; 0 when the device cannot tell. */
async function waitingOf(owner: number): Promise<number> {
  try {
    const { countWaiting } = await import('../../capture/hooks/device-store');
    return await countWaiting(owner);
  } catch {
    return 0;
  }
}

/**
 * Logout keeps the capture outbox, but what waits in it is sent only after the user's next login on this
 * device: with anything waiting the user is asked first. True when the logout may go ahead.
 */
export async function confirmLogout(owner: number): Promise<boolean> {
  const count = await waitingOf(owner);
  if (count === 0) return true;
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(`shell:${key}`, options);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('logoutWaiting.title'),
      children: t('logoutWaiting.question', { count }),
      labels: { confirm: t('logoutWaiting.confirm'), cancel: t('logoutWaiting.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
