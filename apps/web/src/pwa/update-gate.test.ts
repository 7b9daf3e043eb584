import { describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput, holdUnsavedInput, onUnsavedInputReleased } from '../lib/unsaved-input';
import { createUpdateGate } from './update-gate';

function gate() {
  const deps = {
    hasUnsavedInput,
    onReleased: onUnsavedInputReleased,
    activate: vi.fn(),
    askAgain: vi.fn(),
    tellDeferred: vi.fn(),
  };
  return { deps, gate: createUpdateGate(deps) };
}

describe('an update waits for unsaved input (spec §4, nothing typed is lost)', () => {
  it('activates at once when nothing is unsaved', () => {
    const { deps, gate: g } = gate();
    g.accept();
    expect(deps.activate).toHaveBeenCalledOnce();
    expect(deps.tellDeferred).not.toHaveBeenCalled();
  });

  it('does not reload over a form being filled in; asks again once it is saved', () => {
    const { deps, gate: g } = gate();
    const release = holdUnsavedInput();
    g.accept();
    expect(deps.activate).not.toHaveBeenCalled();
    expect(deps.tellDeferred).toHaveBeenCalledOnce();
    release();
    expect(deps.askAgain).toHaveBeenCalledOnce();
    expect(deps.activate).not.toHaveBeenCalled();
    g.accept();
    expect(deps.activate).toHaveBeenCalledOnce();
  });

  it('waits for the last of several forms, and asks only once', () => {
    const { deps, gate: g } = gate();
    const first = holdUnsavedInput();
    const second = holdUnsavedInput();
    g.accept();
    g.accept();
    first();
    first();
    expect(deps.askAgain).not.toHaveBeenCalled();
    second();
    expect(deps.askAgain).toHaveBeenCalledOnce();
    expect(hasUnsavedInput()).toBe(false);
    // A later form saved does not bring the question back by itself.
    holdUnsavedInput()();
    expect(deps.askAgain).toHaveBeenCalledOnce();
  });
});
