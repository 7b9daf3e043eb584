import { describe, expect, it, vi } from 'vitest';
import { afterStartUp, atNextIdle, backgroundJobsDone, whenIdle } from './idle';

describe('background jobs after the first screen', () => {
  it('runs the job after the start-up only once the jobs begun before it have run', async () => {
    const order: string[] = [];
    let releaseLight: (() => void) | undefined;
    let releaseQueued: (() => void) | undefined;
    atNextIdle(
      () =>
        new Promise<void>((resolve) => {
          releaseLight = () => {
            order.push('light');
            resolve();
          };
        }),
    );
    whenIdle(
      () =>
        new Promise<void>((resolve) => {
          releaseQueued = () => {
            order.push('queued');
            resolve();
          };
        }),
    );
    afterStartUp(() => {
      order.push('after start-up');
    });
    await vi.waitFor(() => expect(releaseLight && releaseQueued).toBeDefined());
    releaseQueued?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['queued']);
    releaseLight?.();
    await vi.waitFor(() => expect(order).toEqual(['queued', 'light', 'after start-up']));
  });

  it('leaves out a light job begun after it: it does not wait for later screens', async () => {
    const ran = vi.fn();
    let release: (() => void) | undefined;
    afterStartUp(ran);
    atNextIdle(() => new Promise<void>((resolve) => (release = resolve)));
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(release).toBeDefined());
    release?.();
  });

  it('is cancelled like any background job', async () => {
    const ran = vi.fn();
    afterStartUp(ran)();
    await backgroundJobsDone();
    expect(ran).not.toHaveBeenCalled();
  });

  it('waits for a light job that never settles no longer than a job may take', async () => {
    vi.useFakeTimers();
    try {
      const ran = vi.fn();
      atNextIdle(() => new Promise<void>(() => undefined));
      afterStartUp(ran);
      await vi.advanceTimersByTimeAsync(4000);
      expect(ran).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(ran).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
