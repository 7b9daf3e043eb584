// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStream } from './use-notification-stream';

const runNotificationStream = vi.hoisted(() => vi.fn(() => new Promise<void>(() => undefined)));
vi.mock('../api/notification-stream', () => ({ runNotificationStream }));

/** The browser's idle moments, run only when the test says so. */
function holdIdle() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run));
  return async () => {
    for (const run of waiting.splice(0)) run();
    await vi.waitFor(() => expect(runNotificationStream).toHaveBeenCalled());
  };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
  runNotificationStream.mockClear();
});

describe('useNotificationStream', () => {
  it('opens the stream at an idle moment, not in the first screen’s tasks', async () => {
    const idle = holdIdle();
    renderHook(() => useNotificationStream(7), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runNotificationStream).not.toHaveBeenCalled();
    await idle();
    expect(runNotificationStream).toHaveBeenCalledTimes(1);
  });

  it('opens nothing once the user has gone before the idle moment', async () => {
    const waiting: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run));
    const { unmount } = renderHook(() => useNotificationStream(7), { wrapper });
    unmount();
    for (const run of waiting.splice(0)) run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runNotificationStream).not.toHaveBeenCalled();
  });
});
