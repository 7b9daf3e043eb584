import type { ActivityResponse } from '@mde/contracts';
import { ApiError } from '../lib/api-client';

/** The person's touch reaches the server at most this often (a screen that asks nothing of it still counts). */
export const TOUCH_EVERY_MS = 60_000;

export interface IdleWatchDeps {
  /** Whether a session is open on this page. */
  signedIn(): boolean;
  /** Calls when a session opens (a login, or the context loaded at start). */
  onSignedIn(listener: () => void): () => void;
  onPersonActivity(listener: (at: number) => void): () => void;
  lastPersonActivity(): number | null;
  /** POST /v1/auth/activity: as the person's touch, or as the app's own check (background: the deadline stays). */
  touch(background: boolean): Promise<ActivityResponse>;
  /** The idle time ran out where the server cannot be asked: the session ends on this device alone. */
  endLocally(): void;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/**
 * docs/spec.md §8 'Session expired' while the app is open: the server moves the idle deadline only on what the person
 * does, so this watch tells it when they tap, type or scan on a screen that calls nothing (at most once a
 * minute), and when the idle time has passed without any input, asks the server as background work. Its
 * SESSION_EXPIRED answer shows the message and goes to the login (session-expiry.ts); without a connection
 * the device ends the session itself, as the server will have done by then. Captured lines stay.
 */
export function startIdleWatch(deps: IdleWatchDeps): () => void {
  let idleMs: number | null | undefined; // undefined: not yet heard from the server
  let toldAt = Number.NEGATIVE_INFINITY;
  let since = deps.now();
  let timer: unknown;

  const disarm = () => {
    if (timer !== undefined) deps.clearTimer(timer);
    timer = undefined;
  };
  const deadline = () => Math.max(deps.lastPersonActivity() ?? since, since) + (idleMs ?? 0);
  const arm = () => {
    disarm();
    if (!idleMs || !deps.signedIn()) return;
    timer = deps.setTimer(check, Math.max(0, deadline() - deps.now()));
  };
  const learn = (answer: ActivityResponse) => {
    idleMs = answer.idleSeconds === null ? null : answer.idleSeconds * 1000;
    arm();
  };
  const check = () => {
    timer = undefined;
    if (!deps.signedIn()) return;
    if (deps.now() < deadline()) return arm();
    deps.touch(true).then(
      (answer) => {
        // Still valid (the person was busy in another tab of this app): wait a whole idle time again.
        since = deps.now();
        learn(answer);
      },
      (error: unknown) => {
        // A 401 has already ended the session through the API client; no connection: the device ends it.
        if (error instanceof ApiError && error.status === 0) deps.endLocally();
      },
    );
  };
  const touchEvery = () => (idleMs ? Math.min(TOUCH_EVERY_MS, idleMs / 4) : TOUCH_EVERY_MS);
  const onActivity = (at: number) => {
    if (!deps.signedIn() || idleMs === null) return;
    arm();
    if (at - toldAt < touchEvery()) return;
    toldAt = at;
    deps.touch(false).then(learn, () => undefined);
  };
  const onSignedIn = () => {
    since = deps.now();
    toldAt = since;
    idleMs = undefined;
    deps.touch(true).then(learn, () => undefined);
  };

  const stops = [deps.onPersonActivity(onActivity), deps.onSignedIn(onSignedIn)];
  if (deps.signedIn()) onSignedIn();
  return () => {
    disarm();
    for (const stop of stops) stop();
  };
}
