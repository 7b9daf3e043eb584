import type { UserContext } from '@mde/contracts';
import { redirect } from 'react-router';
import { notifyError } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { authFailureRedirect, moduleByName, moduleDecision } from './guard-decisions';
import { userContextQuery } from './user-context';

const targetOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
};

/** Auth guard for loaders: the user context, or a redirect to login that remembers the target. */
export async function requireUser(request: Request): Promise<UserContext> {
  try {
    return await queryClient.ensureQueryData(userContextQuery());
  } catch (error) {
    const to = authFailureRedirect(error, targetOf(request));
    if (to) throw redirect(to);
    throw error;
  }
}

/** Loader of a module route: login and the module's permission or role (docs/spec.md §6). */
export function moduleGuard(name: Parameters<typeof moduleByName>[0]) {
  return async ({ request }: { request: Request }) => {
    const decision = moduleDecision(await requireUser(request), moduleByName(name));
    if (!decision.allow) {
      if (decision.notice) notifyError(decision.notice, { id: `module-not-enabled:${name}` });
      throw redirect(decision.redirectTo);
    }
    return null;
  };
}
