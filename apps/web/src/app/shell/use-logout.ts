import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { releasePush } from '../../features/notifications/api/push-provider-choice';
import { notifySuccess } from '../../lib/notify';
import { isTerminalPath, paths } from '../../lib/paths';
import { logout } from '../../session/session-actions';
import { confirmLogout } from './confirm-logout';
import { useUser } from './use-user';

/**
 * docs/spec.md §4: logout resets state, says so and goes to login, unless the URL is under /terminal. With captured
 * lines still waiting for the server the user is asked first.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { userId } = useUser();
  return async () => {
    if (!(await confirmLogout(userId))) return;
    // docs/spec.md §4: the push's user is removed on logout; pushes for them stop on this device.
    await releasePush();
    await logout().catch(() => undefined);
    notifySuccess(t('session.loggedOut'), { id: 'logged-out' });
    if (!isTerminalPath(window.location.pathname)) navigate(paths.login(), { replace: true });
  };
}
