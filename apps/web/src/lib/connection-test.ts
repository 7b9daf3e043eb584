/** The four failure cases of spec §8 'Connection test', plus success. */
export type ConnectionTestResult = 'ok' | 'noConnection' | 'notValid' | 'clientNetwork' | 'unexpected';

/**
 * Asks the context endpoint: an MDE server answers it with the context (logged in) or a 401 carrying
 * its JSON error code. Anything else at that address is not a valid MDE API.
 */
export async function testConnection(
  baseUrl: string,
  // fetch must be called unbound from its object (else 'Illegal invocation'), hence the arrow.
  deps: { fetch: typeof fetch; online: () => boolean } = {
    fetch: (...a) => fetch(...a),
    online: () => navigator.onLine,
  },
): Promise<ConnectionTestResult> {
  if (!deps.online()) return 'clientNetwork';
  let response: Response;
  try {
    response = await deps.fetch(`${baseUrl}/v1/security/user/context`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
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
