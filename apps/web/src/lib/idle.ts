/** Name of the performance mark set when the first background job starts (bench/bundle reads it). */
export const IDLE_WORK_MARK = 'mde:idle-work';

// Background jobs wait at most this long for an idle moment, so a busy screen still gets them soon.
const IDLE_TIMEOUT_MS = 2000;
// A job that never settles must not hold back the ones after it.
const JOB_LIMIT_MS = 5000;

type Job = () => unknown;

let queue: Promise<void> = Promise.resolve();
let marked = false;

function nextIdle(run: () => void): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(run, 1);
  }
}

function runJob(job: Job): Promise<void> {
  if (!marked && typeof performance !== 'undefined') {
    marked = true;
    performance.mark(IDLE_WORK_MARK);
  }
  const limit = new Promise<void>((resolve) => setTimeout(resolve, JOB_LIMIT_MS));
  const done = Promise.resolve()
    .then(job)
    .then(
      () => undefined,
      () => undefined,
    );
  return Promise.race([done, limit]);
}

/**
 * Runs a background job (offline copies, the article cache, the scanner listeners) once the browser is
 * idle after the current screen has rendered, so it never delays the first paint on a slow handheld.
 * Jobs run one after another, each in its own idle moment and after the promise of the one before has
 * settled: the database and schema code the offline copy loads is parsed before the scanner's wedge
 * listener starts, not while a scan is being typed. Returns a cancel function.
 */
export function whenIdle(job: Job): () => void {
  let cancelled = false;
  queue = queue.then(
    () => new Promise<void>((resolve) => nextIdle(() => (cancelled ? resolve() : void runJob(job).then(resolve)))),
  );
  return () => {
    cancelled = true;
  };
}

/**
 * Runs a light job at the next idle moment, beside the background jobs rather than behind them: a device copy
 * or the badge's first count must not wait for the article cache or hold back the scanner's overlay.
 */
export function atNextIdle(job: Job): () => void {
  let cancelled = false;
  const done = new Promise<void>((resolve) =>
    nextIdle(() => {
      if (cancelled) return resolve();
      void Promise.resolve()
        .then(job)
        .catch(() => undefined)
        .then(() => resolve());
    }),
  );
  light.add(done);
  void done.then(() => light.delete(done));
  return () => {
    cancelled = true;
  };
}

const light = new Set<Promise<void>>();

/**
 * Runs a job once the start-up is over: after the background jobs queued so far and the light jobs started so far
 * have run, in an idle moment of its own. For work that keeps the device busy for seconds without being needed on
 * the screen just opened (the article cache's download: a worker thread and the server's pages), so it never
 * shares a handheld's few cores with the first screen's own jobs. Returns a cancel function.
 */
export function afterStartUp(job: Job): () => void {
  const started = [...light];
  return whenIdle(async () => {
    // As in the queue: a light job that never settles holds this one back no longer than any job's limit.
    await Promise.race([Promise.all(started), new Promise<void>((resolve) => setTimeout(resolve, JOB_LIMIT_MS))]);
    return job();
  });
}

/** Settles once every job queued so far, background or light, has run (tests wait for the copies kept). */
export const backgroundJobsDone = async (): Promise<void> => {
  await queue;
  await Promise.all([...light]);
};
