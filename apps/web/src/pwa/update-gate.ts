/**
 * docs/spec.md §4 asks before an update reloads the page; nothing typed may be lost by it, and the question must
 * not cut into the work. It is asked only when no screen holds unsaved input and the person has not touched the
 * device for a while (not mid-entry, not the moment after a save when the next scan comes). A "no" holds for
 * the rest of the session: the settings page still offers the update. A "yes" while input is unsaved waits
 * for the save, then for the same quiet moment. Pure of the browser so it can be tested: the caller passes what
 * it needs.
 */
export interface UpdateGateDeps {
  hasUnsavedInput: () => boolean;
  onReleased: (listener: () => void) => () => void;
  /** Milliseconds since the person last tapped, typed or scanned. */
  quietFor: () => number;
  /** Runs `run` after `ms`; returns a cancel function. */
  wait: (ms: number, run: () => void) => () => void;
  ask: () => void;
  activate: () => void;
  tellDeferred: () => void;
}

/** How long the device must be left alone before the question may come: a scan pause, not a glance. */
export const UPDATE_QUIET_MS = 10_000;

export function createUpdateGate(deps: UpdateGateDeps) {
  let declined = false;
  let pending: (() => void) | null = null;
  let cancel: (() => void) | null = null;
  let stopWaitingForSave: (() => void) | null = null;

  const stop = () => {
    cancel?.();
    cancel = null;
    stopWaitingForSave?.();
    stopWaitingForSave = null;
  };

  /** Runs `then` once no input is unsaved and the person has been quiet for UPDATE_QUIET_MS. */
  const whenQuiet = (then: () => void) => {
    stop();
    pending = then;
    const check = () => {
      cancel = null;
      if (deps.hasUnsavedInput()) {
        stopWaitingForSave ??= deps.onReleased(() => {
          stopWaitingForSave?.();
          stopWaitingForSave = null;
          check();
        });
        return;
      }
      const quiet = deps.quietFor();
      if (quiet >= UPDATE_QUIET_MS) {
        const run = pending;
        pending = null;
        run?.();
        return;
      }
      cancel = deps.wait(UPDATE_QUIET_MS - quiet, check);
    };
    check();
  };

  return {
    /** A new version is ready: ask when the person is not in the middle of something, unless told no. */
    offer(): void {
      if (declined) return;
      whenQuiet(deps.ask);
    },
    /** The person said yes to the update. */
    accept(): void {
      if (!deps.hasUnsavedInput()) {
        stop();
        pending = null;
        deps.activate();
        return;
      }
      deps.tellDeferred();
      whenQuiet(deps.activate);
    },
    /** The person said no: not asked again in this session. */
    decline(): void {
      declined = true;
      stop();
      pending = null;
    },
  };
}
