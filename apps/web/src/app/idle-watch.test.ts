import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { startIdleWatch } from './idle-watch';

const IDLE_S = 30 * 60;

function subscribe<T>(set: Set<T>, listener: T) {
  set.add(listener);
  return () => set.delete(listener);
}

function setup(options: { idleSeconds?: number | null; signedIn?: boolean } = {}) {
  vi.useFakeTimers();
  let lastInput: number | null = null;
  let signedIn = options.signedIn ?? true;
  const activity = new Set<(at: number) => void>();
  const signIn = new Set<() => void>();
  const touches: boolean[] = [];
  let answer: () => Promise<{ idleSeconds: number | null }> = async () => ({
    idleSeconds: options.idleSeconds === undefined ? IDLE_S : options.idleSeconds,
  });
  const endLocally = vi.fn();
  const stop = startIdleWatch({
    signedIn: () => signedIn,
    onSignedIn: (l) => subscribe(signIn, l),
    onPersonActivity: (l) => subscribe(activity, l),
    lastPersonActivity: () => lastInput,
    touch: (background) => {
      touches.push(background);
      return answer();
    },
    endLocally,
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (t) => clearTimeout(t as number),
  });
  return {
    touches,
    endLocally,
    stop,
    input() {
      lastInput = Date.now();
      for (const l of activity) l(lastInput);
    },
    signIn() {
      signedIn = true;
      for (const l of signIn) l();
    },
    answer(next: typeof answer) {
      answer = next;
    },
  };
}

const minutes = (n: number) => vi.advanceTimersByTimeAsync(n * 60_000);

afterEach(() => vi.useRealTimers());

describe('the idle watch of an open app', () => {
  it('asks the server, as background work, once the idle time has passed without input', async () => {
    const w = setup();
    await minutes(0);
    expect(w.touches).toEqual([true]); // learns the idle limit at start without counting as activity
    await minutes(29);
    expect(w.touches).toEqual([true]);
    await minutes(1);
    expect(w.touches).toEqual([true, true]);
    w.stop();
  });

  it("tells the server of the person's input at most once a minute, and waits a whole idle time after it", async () => {
    const w = setup();
    await minutes(0);
    await minutes(10);
    for (let i = 0; i < 20; i++) w.input(); // a scan's key burst
    await minutes(0);
    expect(w.touches).toEqual([true, false]);
    await minutes(0.5);
    w.input();
    expect(w.touches).toEqual([true, false]);
    await minutes(29.9); // 30 minutes after the first input, not yet 30 after the last
    expect(w.touches).toEqual([true, false]);
    await minutes(0.2);
    expect(w.touches).toEqual([true, false, true]);
    w.stop();
  });

  it('ends the session on the device when the idle time has passed and the server cannot be asked', async () => {
    const w = setup();
    await minutes(0);
    w.answer(() => Promise.reject(new ApiError('offline', 0, 'NETWORK')));
    await minutes(30);
    expect(w.endLocally).toHaveBeenCalledTimes(1);
  });

  it("leaves a 401 to the API client's session-ended flow, and a session that stays signed in alone", async () => {
    const w = setup();
    await minutes(0);
    w.answer(() => Promise.reject(new ApiError('abgemeldet', 401, 'SESSION_EXPIRED')));
    await minutes(30);
    expect(w.endLocally).not.toHaveBeenCalled();
    const remembered = setup({ idleSeconds: null });
    await minutes(120);
    remembered.input();
    expect(remembered.touches).toEqual([true]);
    expect(remembered.endLocally).not.toHaveBeenCalled();
  });

  it('starts with the login, not before', async () => {
    const w = setup({ signedIn: false });
    w.input();
    await minutes(60);
    expect(w.touches).toEqual([]);
    w.signIn();
    await minutes(0);
    expect(w.touches).toEqual([true]);
    await minutes(30);
    expect(w.touches).toEqual([true, true]);
  });
});
