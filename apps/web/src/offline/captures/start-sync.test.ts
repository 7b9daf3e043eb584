import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../../lib/api-client';
import { classify, postSync, SYNC_ANSWER_DEADLINE_MS } from './start-sync';

describe('what the capture outbox does with a failed sync', () => {
  it('tries again after a busy server (503 over the connection cap), as after no connection', () => {
    expect(classify(new ApiError('Der Server ist gerade ausgelastet.', 503, 'SERVER_BUSY')).kind).toBe('retry');
    expect(classify(networkError()).kind).toBe('retry');
  });

  it('sets a refused request aside and waits for a login after a 401', () => {
    expect(classify(new ApiError('Die Anfrage ist ungültig', 400, 'BAD_REQUEST')).kind).toBe('refused');
    expect(classify(new ApiError('Sie sind nicht angemeldet', 401, 'NOT_AUTHENTICATED')).kind).toBe('signed-out');
  });
});

describe('a sync request', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('left without an answer is given up after its deadline and retried like no connection', async () => {
    vi.useFakeTimers();
    // A connection that never answers: the fetch ends only when its signal aborts.
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const sent = postSync({ deviceId: 'd', changes: [] });
    const failure = sent.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SYNC_ANSWER_DEADLINE_MS - 1);
    let settled = false;
    void sent
      .catch(() => undefined)
      .finally(() => {
        settled = true;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect(classify(error).kind).toBe('retry');
  });
});
