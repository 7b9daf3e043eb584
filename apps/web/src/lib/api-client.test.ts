import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadClaims, storeClaims } from '../session/claims';
import { ApiError, apiFetch, sessionEndOf, setClaimsSource, toApiError } from './api-client';
import { onSessionEnded } from './auth-events';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('api-client error mapping', () => {
  it("keeps the server's German message, code and field messages", () => {
    const e = toApiError(400, { message: 'Die Anfrage ist ungültig', code: 'VALIDATION', fields: { email: 'x' } });
    expect(e).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Die Anfrage ist ungültig',
      fields: { email: 'x' },
    });
  });

  it('turns a body without message into the unexpected-error text', () => {
    expect(toApiError(502, '<html>')).toMatchObject({
      status: 502,
      message: 'Ein unerwarteter Fehler ist aufgetreten!',
    });
  });

  it('maps a network failure to status 0, code NETWORK and the no-connection text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiFetch('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Es konnte keine Verbindung zum Server hergestellt werden...',
    });
  });

  it('starts the session-ended flow for every 401 of a session, with its reason', async () => {
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    vi.stubGlobal('fetch', respond(401, { message: 'abgemeldet', code: 'SESSION_EXPIRED' }));
    await expect(apiFetch('/v1/x')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', respond(401, { message: 'Sie sind nicht angemeldet', code: 'NOT_AUTHENTICATED' }));
    await expect(apiFetch('/v1/x')).rejects.toMatchObject({ code: 'NOT_AUTHENTICATED' });
    vi.stubGlobal('fetch', respond(401, { message: 'inkorrekt', code: 'LOGIN_FAILED' }));
    await expect(apiFetch('/v1/auth/login')).rejects.toMatchObject({ code: 'LOGIN_FAILED' });
    vi.stubGlobal('fetch', respond(403, { message: 'keine Berechtigung', code: 'FORBIDDEN' }));
    await expect(apiFetch('/v1/x')).rejects.toMatchObject({ status: 403 });
    off();
    expect(ended.mock.calls).toEqual([['expired'], ['signed-out']]);
  });

  it('reads the end of a session only from a 401', () => {
    expect(sessionEndOf(new ApiError('x', 401, 'SESSION_EXPIRED'))).toBe('expired');
    expect(sessionEndOf(new ApiError('x', 401, 'NOT_AUTHENTICATED'))).toBe('signed-out');
    expect(sessionEndOf(new ApiError('x', 401, 'LOGIN_FAILED'))).toBeNull();
    expect(sessionEndOf(new ApiError('x', 400, 'NOT_AUTHENTICATED'))).toBeNull();
  });

  it('JSON-encodes the body and attaches the stored claims only to claims URLs (spec §7)', async () => {
    setClaimsSource(loadClaims);
    await storeClaims({ username: 'demo', userId: 1, accountid: 101, vkforgid: 11, firmaid: 1, idfirma: 1 } as never);
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/v1/security/user/context', { method: 'PATCH', body: { a: 1 } });
    await apiFetch('/v1/security/user/contact');
    const [url, first] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const second = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(url).toBe('/api/v1/security/user/context');
    expect(first.body).toBe('{"a":1}');
    expect(JSON.parse(new Headers(first.headers).get('X-MDE-Claims') ?? '')).toMatchObject({
      username: 'demo',
      vkforgid: 11,
    });
    expect(new Headers(second.headers).has('X-MDE-Claims')).toBe(false);
  });
});
