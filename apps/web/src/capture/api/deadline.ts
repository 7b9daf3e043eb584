export type DeadlineResult<T> = { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'late' };

/**
 * What a promise gave within `ms`: its value, its error, or 'late'. A late promise goes on; its rejection
 * is handled here, so it never surfaces as unhandled when nobody waits for it any more.
 */
export function raceDeadline<T>(promise: Promise<T>, ms: number): Promise<DeadlineResult<T>> {
  promise.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<DeadlineResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'late' }), ms);
  });
  const settled = promise.then(
    (value): DeadlineResult<T> => ({ kind: 'value', value }),
    (error: unknown): DeadlineResult<T> => ({ kind: 'error', error }),
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
