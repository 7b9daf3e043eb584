// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';
import { saveConnectionState } from './connection-store';
import { notePersonActivity, PERSON_REQUEST_WINDOW_MS, watchPersonInput } from './person-activity';

const sent = () => {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return {
    background: (call: number) => new Headers(fetchMock.mock.calls[call]?.[1].headers).get('x-mde-background'),
    init: (call: number) => fetchMock.mock.calls[call]?.[1],
    url: (call: number) => fetchMock.mock.calls[call]?.[0],
  };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('only what a person does counts as activity for the idle limit', () => {
  it('marks the requests the app makes while nobody touches it as background, the answers to input not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = sent();
    await apiFetch('/v1/x'); // nobody has touched the page yet: a start-up load, a poll
    notePersonActivity();
    await apiFetch('/v1/x'); // right after a tap or a scan
    vi.setSystemTime(Date.now() + PERSON_REQUEST_WINDOW_MS + 1);
    await apiFetch('/v1/x'); // the minute's badge poll of an unattended handheld
    await apiFetch('/v1/x', { background: true }); // marked by its caller
    expect([0, 1, 2, 3].map(calls.background)).toEqual(['1', null, '1', '1']);
  });

  it('hears taps, keys and a scanner key burst on the page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * PERSON_REQUEST_WINDOW_MS);
    const stop = watchPersonInput(window);
    const calls = sent();
    await apiFetch('/v1/x');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '4' }));
    await apiFetch('/v1/x');
    vi.setSystemTime(Date.now() + 2 * PERSON_REQUEST_WINDOW_MS);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await apiFetch('/v1/x');
    stop();
    expect([0, 1, 2].map(calls.background)).toEqual(['1', null, null]);
  });

  it('sends the session cookie to another MDE server chosen in the connection settings', async () => {
    saveConnectionState({
      connections: [{ id: 'b', host: 'mde2.example.de', port: 8443, basePath: '/api' }],
      selectedId: 'b',
    });
    const calls = sent();
    await apiFetch('/v1/security/user/context');
    expect(calls.url(0)).toBe(`${window.location.protocol}//mde2.example.de:8443/api/v1/security/user/context`);
    expect(calls.init(0)?.credentials).toBe('include');
  });
});
