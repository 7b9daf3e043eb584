import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { isTerminalPath, paths } from '../../lib/paths';
import { logout } from '../../lib/session/session-actions';

/** Spec §4: logout resets state, says so and goes to login, unless the URL is under /terminal. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return async () => {
    await logout().catch(() => undefined);
    notifySuccess(t('session.loggedOut'), { id: 'logged-out' });
    if (!isTerminalPath(window.location.pathname)) navigate(paths.login(), { replace: true });
  };
}
