/**
 * docs/spec.md §7: requests to a claims-related URL get the locally stored claims for the username attached;
 * the claims are taken from the context fields. The claims-related URLs are the ones about that context: the
 * user context itself (read and changed) and the accounts, Verkaufsorganisationen and Firmen it is chosen from.
 * Without zod, so the API client on the way to the first screen can import it.
 */
export const CLAIMS_HEADER = 'x-mde-claims';
/** The server's answer to attached claims: 'current' when they match the session, else 'stale'. */
export const CLAIMS_STATE_HEADER = 'x-mde-claims-state';

export const CLAIMS_PATHS: readonly string[] = [
  '/v1/security/user/context',
  '/v2/security/user/accounts',
  '/v1/security/user/vkforg/entities',
  '/v1/security/user/firma/entities',
];

/** Whether a path (without the /api base; a query is ignored) is claims-related. */
export const isClaimsPath = (path: string) => CLAIMS_PATHS.includes(path.split('?')[0] ?? '');
