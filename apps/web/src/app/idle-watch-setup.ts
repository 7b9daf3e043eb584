import type { ActivityResponse, UserContext } from '@mde/contracts';
import { apiFetch } from '../lib/api-client';
import { emitSessionEnded } from '../lib/auth-events';
import { atNextIdle } from '../lib/idle';
import { lastPersonActivity, onPersonActivity, watchPersonInput } from '../lib/person-activity';
import { queryClient } from '../lib/query-client';
import { awaitsPasswordChange } from '../session/guard-decisions';
import { sessionKeys } from '../session/user-context';
import { startIdleWatch } from './idle-watch';

// A session that must still replace its one-time password is not asked about yet (the server answers only the
// change); the watch starts with the context the change brings.
const signedIn = () => {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  return context !== undefined && !awaitsPasswordChange(context);
};

/**
 * Hears the moment a session opens on this page: the user context arrives in the query cache. The watch's
 * first question to the server waits for an idle moment, so it never competes with the first screen.
 */
function onSignedIn(listener: () => void): () => void {
  let was = signedIn();
  return queryClient.getQueryCache().subscribe(() => {
    const is = signedIn();
    if (is && !was) atNextIdle(listener);
    was = is;
  });
}

/** Starts the idle watch of this page on the person's input (docs/spec.md §8 'Session expired'). */
export function installIdleWatch(): () => void {
  const stopInput = watchPersonInput(window);
  const stopWatch = startIdleWatch({
    signedIn,
    onSignedIn,
    onPersonActivity,
    lastPersonActivity,
    touch: (background) => apiFetch<ActivityResponse>('/v1/auth/activity', { method: 'POST', background }),
    endLocally: () => emitSessionEnded('expired'),
    now: () => Date.now(),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  return () => {
    stopWatch();
    stopInput();
  };
}
