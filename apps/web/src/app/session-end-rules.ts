import type { SessionEnd } from '../lib/auth-events';

export interface SessionEndReaction {
  /** i18n key of the message the login shows. */
  message: 'auth:session.expired' | 'auth:session.notAuthenticated';
  /** Where to go: the login, remembering the screen; null when already on a page before login. */
  to: string | null;
}

const PUBLIC_PREFIXES = ['/login', '/forgot-password'];
const isPublic = (pathname: string) => PUBLIC_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * docs/spec.md §8: a session that timed out says so on every start. One that ended elsewhere (logout in another tab,
 * revoked on the server) matters only where this page had a session: a first start without one is the
 * guard's quiet redirect, and a late answer after a logout here must not speak up on the login page.
 */
export function sessionEndReaction(
  why: SessionEnd,
  page: { hadSession: boolean; pathname: string; search: string },
): SessionEndReaction | null {
  if (why === 'signed-out' && !page.hadSession) return null;
  const to = isPublic(page.pathname) ? null : `${page.pathname}${page.search}`;
  if (why === 'signed-out' && to === null) return null;
  return { message: why === 'expired' ? 'auth:session.expired' : 'auth:session.notAuthenticated', to };
}
