import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { queryClient, shouldRetry } from './query-client';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('query client without network', () => {
  it('runs a query while the browser is offline instead of pausing it for ever', async () => {
    onlineManager.setOnline(false);
    const answer = queryClient.fetchQuery({ queryKey: ['offline-test'], queryFn: async () => 'vom Gerät' });
    const outcome = await Promise.race([answer, new Promise((r) => setTimeout(() => r('paused'), 500))]);
    expect(outcome).toBe('vom Gerät');
  });

  it('does not retry a network error while offline, does while online, never a 4xx', () => {
    const network = new ApiError('Keine Verbindung', 0, 'NETWORK');
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetry(0, network)).toBe(false);
    vi.stubGlobal('navigator', { onLine: true });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
    expect(shouldRetry(0, new ApiError('Nicht gefunden', 404, 'NOT_FOUND'))).toBe(false);
  });

  it('retries a busy server (503 over the connection cap) like a network error', () => {
    vi.stubGlobal('navigator', { onLine: true });
    const busy = new ApiError('Der Server ist gerade ausgelastet.', 503, 'SERVER_BUSY');
    expect(shouldRetry(0, busy)).toBe(true);
    expect(shouldRetry(2, busy)).toBe(false);
  });
});
