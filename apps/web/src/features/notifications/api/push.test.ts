import { afterEach, describe, expect, it, vi } from 'vitest';
import { withInitTimeout } from './push';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('push init timeout', () => {
  it('logs an error when the set-up does not finish in time, and lets the app go on', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pending = withInitTimeout(new Promise<string>(() => undefined), 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Zeitüberschreitung'));
  });

  it('answers the set-up in time without a log', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await withInitTimeout(Promise.resolve('ok'), 1000)).toBe('ok');
    expect(error).not.toHaveBeenCalled();
  });
});
