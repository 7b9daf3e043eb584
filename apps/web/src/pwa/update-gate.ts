/**
 * docs/spec.md §4 asks before an update reloads the page; nothing typed may be lost by it. While a screen holds
 * unsaved input the reload waits: a yes then only says so, and the question comes again once the input is
 * saved or left. Pure of the browser so it can be tested: the caller passes what it needs.
 */
export interface UpdateGateDeps {
  hasUnsavedInput: () => boolean;
  onReleased: (listener: () => void) => () => void;
  activate: () => void;
  askAgain: () => void;
  tellDeferred: () => void;
}

export function createUpdateGate(deps: UpdateGateDeps) {
  let waiting: (() => void) | null = null;
  return {
    /** The user said yes to the update. */
    accept(): void {
      if (!deps.hasUnsavedInput()) {
        deps.activate();
        return;
      }
      deps.tellDeferred();
      waiting ??= deps.onReleased(() => {
        waiting?.();
        waiting = null;
        deps.askAgain();
      });
    },
  };
}
