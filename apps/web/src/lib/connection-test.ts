/**
 * The four failure cases of docs/spec.md §8 'Connection test', plus success, plus the one the browser hides behind
 * a plain network error: the page's own policy (connect-src) does not allow that server.
 */
export type ConnectionTestResult =
  | 'ok'
  | 'noConnection'
  | 'notValid'
  | 'clientNetwork'
  | 'unexpected'
  | 'blockedByPolicy';

/** The browser reports a policy block as an event shortly after (or before) the fetch fails. */
const VIOLATION_GRACE_MS = 100;

/** Resolves true when the page's connect-src policy blocks a request to this origin. */
function watchPolicyBlock(target: EventTarget, origin: string) {
  let blocked = false;
  let wake: (() => void) | undefined;
  const onViolation = (event: Event) => {
    const e = event as SecurityPolicyViolationEvent;
    if (e.effectiveDirective !== 'connect-src') return;
    try {
      if (new URL(e.blockedURI).origin !== origin) return;
    } catch {
      return;
    }
    blocked = true;
    wake?.();
  };
  target.addEventListener('securitypolicyviolation', onViolation);
  return {
    async wasBlocked() {
      if (!blocked)
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, VIOLATION_GRACE_MS);
        });
      return blocked;
    },
    stop: () => target.removeEventListener('securitypolicyviolation', onViolation),
  };
}

/**
 * Asks the context endpoint: an MDE server answers it with the context (logged in) or a 401 carrying
 * its JSON error code. Anything else at that address is not a valid MDE API.
 */
export async function testConnection(
  baseUrl: string,
  // fetch must be called unbound from its object (else 'Illegal invocation'), hence the arrow.
  deps: { fetch: typeof fetch; online: () => boolean; policyEvents?: EventTarget } = {
    fetch: (...a) => fetch(...a),
    online: () => navigator.onLine,
    policyEvents: document,
  },
): Promise<ConnectionTestResult> {
  if (!deps.online()) return 'clientNetwork';
  const url = new URL(`${baseUrl}/v1/security/user/context`, globalThis.location?.href ?? 'http://localhost/');
  const policy = deps.policyEvents ? watchPolicyBlock(deps.policyEvents, url.origin) : null;
  try {
    return await ask(url.href, deps, policy);
  } finally {
    policy?.stop();
  }
}

async function ask(
  url: string,
  deps: { fetch: typeof fetch; online: () => boolean },
  policy: { wasBlocked(): Promise<boolean> } | null,
): Promise<ConnectionTestResult> {
  let response: Response;
  try {
    response = await deps.fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
      if (await policy?.wasBlocked()) return 'blockedByPolicy';
      return deps.online() ? 'noConnection' : 'clientNetwork';
    }
    return 'unexpected';
  }
  try {
    const body = (await response.json()) as { code?: unknown; username?: unknown };
    if (response.ok && typeof body.username === 'string') return 'ok';
    if (response.status === 401 && typeof body.code === 'string') return 'ok';
    return 'notValid';
  } catch {
    return 'notValid';
  }
}
