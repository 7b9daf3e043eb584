import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestActivity } from './request-activity';

afterEach(() => {
  vi.useRealTimers();
});

describe('RequestActivity', () => {
  it('is quiet at once when no request is under way', async () => {
    await expect(new RequestActivity().quiet(60_000)).resolves.toBeUndefined();
  });

  it('waits until the last request under way has ended', async () => {
    const activity = new RequestActivity();
    activity.begin();
    activity.begin();
    let quiet = false;
    const waiting = activity.quiet(60_000).then(() => {
      quiet = true;
    });
    activity.end();
    await Promise.resolve();
    expect(quiet).toBe(false);
    activity.end();
    await waiting;
    expect(quiet).toBe(true);
  });

  it('stops waiting after the longest wait when requests keep coming', async () => {
    vi.useFakeTimers();
    const activity = new RequestActivity();
    activity.begin();
    let quiet = false;
    const waiting = activity.quiet(1000).then(() => {
      quiet = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(quiet).toBe(true);
  });

  it('counts an end without a begin as nothing', async () => {
    const activity = new RequestActivity();
    activity.end();
    activity.begin();
    let quiet = false;
    const waiting = activity.quiet(60_000).then(() => {
      quiet = true;
    });
    await Promise.resolve();
    expect(quiet).toBe(false);
    activity.end();
    await waiting;
  });

  it('lets the event loop read what has arrived before it looks (a request sent while a statement ran)', async () => {
    const activity = new RequestActivity();
    // The loop reads the request in its next turn: the statement that held the thread has just ended.
    setImmediate(() => activity.begin());
    let quiet = false;
    const waiting = activity.quiet(60_000).then(() => {
      quiet = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet).toBe(false);
    activity.end();
    await waiting;
    expect(quiet).toBe(true);
  });
});
