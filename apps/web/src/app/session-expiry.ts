import type { createBrowserRouter } from 'react-router';
import { i18n } from '../i18n';
import { onSessionExpired } from '../lib/auth-events';
import { notifyInfo } from '../lib/notify';
import { paths } from '../lib/paths';
import { forgetSession } from '../lib/session/session-actions';

/**
 * Spec §8: any call that finds the session expired (also the context load at start, before anything
 * renders) logs out locally, says so once and goes to login, remembering where the user was.
 */
export function installSessionExpiry(router: ReturnType<typeof createBrowserRouter>): () => void {
  return onSessionExpired(() => {
    notifyInfo(i18n.t('auth:session.expired'), { id: 'session-expired' });
    const { pathname, search } = window.location;
    void forgetSession().finally(() => {
      if (!pathname.startsWith('/login')) void router.navigate(paths.login(`${pathname}${search}`), { replace: true });
    });
  });
}
