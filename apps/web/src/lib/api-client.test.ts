import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, toApiError } from './api-client';
import { onSessionExpired } from './auth-events';
import { storeClaims } from './claims';

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

  it('starts the session-expired flow only for 401 SESSION_EXPIRED', async () => {
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    vi.stubGlobal('fetch', respond(401, { message: 'abgemeldet', code: 'SESSION_EXPIRED' }));
    await expect(apiFetch('/v1/x')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', respond(401, { message: 'nicht angemeldet', code: 'NOT_AUTHENTICATED' }));
    await expect(apiFetch('/v1/x')).rejects.toMatchObject({ code: 'NOT_AUTHENTICATED' });
    off();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('JSON-encodes the body and attaches the stored claims only to claims URLs (spec §7)', async () => {
    await storeClaims({ username: 'demo', userId: 1, accountid: 101, vkforgid: 11, firmaid: 1, idfirma: 1 } as never);
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/v1/claims/check', { method: 'POST', body: { a: 1 } });
    await apiFetch('/v1/other');
    const [url, first] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const second = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(url).toBe('/api/v1/claims/check');
    expect(first.body).toBe('{"a":1}');
    expect(JSON.parse(new Headers(first.headers).get('X-MDE-Claims') ?? '')).toMatchObject({
      username: 'demo',
      vkforgid: 11,
    });
    expect(new Headers(second.headers).has('X-MDE-Claims')).toBe(false);
  });
});
