import type { createBrowserRouter } from 'react-router';
import { i18n } from '../i18n';
import { onSessionEnded } from '../lib/auth-events';
import { notifyInfo } from '../lib/notify';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { forgetSession } from '../session/session-actions';
import { sessionKeys } from '../session/user-context';
import { sessionEndReaction } from './session-end-rules';

/**
 * docs/spec.md §8: any call that finds the session ended (expired, or logged out or revoked elsewhere; also the
 * context load at start, before anything renders) logs out locally, says so once and goes to login,
 * remembering where the user was. The capture outbox stays, as on every logout.
 */
export function installSessionExpiry(router: ReturnType<typeof createBrowserRouter>): () => void {
  return onSessionEnded((why) => {
    const { pathname, search } = window.location;
    const hadSession = queryClient.getQueryData(sessionKeys.context()) !== undefined;
    const reaction = sessionEndReaction(why, { hadSession, pathname, search });
    if (!reaction) return;
    notifyInfo(i18n.t(reaction.message), { id: 'session-ended' });
    const { to } = reaction;
    void forgetSession().finally(() => {
      if (to !== null) void router.navigate(paths.login(to === paths.home ? undefined : to), { replace: true });
    });
  });
}
