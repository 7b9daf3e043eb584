/** What an outbox does with a change after one attempt to send it. */
export type SyncOutcome = { kind: 'retry' } | { kind: 'conflict' } | { kind: 'set-aside'; reason: string };

interface FailureLike {
  status: number;
  code: string;
  message: string;
}

/**
 * No answer, a server error or a throttle is tried again later; a 409 whose code the module names as a
 * conflict asks the user; any other refusal is final and set aside with the server's reason, so one bad
 * change never blocks the ones after it.
 */
export function classifyFailure(error: FailureLike, conflictCodes: readonly string[] = []): SyncOutcome {
  if (error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408) {
    return { kind: 'retry' };
  }
  // An expired session is no verdict on the change: it waits for the next login; nor is a session that must
  // first replace its one-time password: it waits for the change.
  if (error.status === 401 || error.code === 'PASSWORD_CHANGE_REQUIRED') return { kind: 'retry' };
  if (error.status === 409 && conflictCodes.includes(error.code)) return { kind: 'conflict' };
  return { kind: 'set-aside', reason: error.message };
}

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … at most 5 minutes between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
