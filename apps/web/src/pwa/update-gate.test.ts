import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput, holdUnsavedInput, onUnsavedInputReleased } from '../lib/unsaved-input';
import { createUpdateGate, UPDATE_QUIET_MS } from './update-gate';

let lastInput = 0;
const touch = () => {
  lastInput = Date.now();
};

function gate() {
  const deps = {
    hasUnsavedInput,
    onReleased: onUnsavedInputReleased,
    quietFor: () => Date.now() - lastInput,
    wait: (ms: number, run: () => void) => {
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    },
    ask: vi.fn(),
    activate: vi.fn(),
    tellDeferred: vi.fn(),
  };
  return { deps, gate: createUpdateGate(deps) };
}

beforeEach(() => {
  vi.useFakeTimers();
  lastInput = Date.now() - UPDATE_QUIET_MS;
});
afterEach(() => vi.useRealTimers());

describe('the update question waits for a quiet moment (spec §4, nothing typed is lost)', () => {
  it('asks at once when nothing is unsaved and nobody is using the device; yes activates', () => {
    const { deps, gate: g } = gate();
    g.offer();
    expect(deps.ask).toHaveBeenCalledOnce();
    g.accept();
    expect(deps.activate).toHaveBeenCalledOnce();
    expect(deps.tellDeferred).not.toHaveBeenCalled();
  });

  it('does not ask while a form is being filled in, nor right after it is saved, but once the device is left alone', () => {
    const { deps, gate: g } = gate();
    const release = holdUnsavedInput();
    touch();
    g.offer();
    vi.advanceTimersByTime(60_000);
    expect(deps.ask).not.toHaveBeenCalled();
    touch();
    release();
    expect(deps.ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_QUIET_MS - 1000);
    touch(); // the next scan
    vi.advanceTimersByTime(UPDATE_QUIET_MS - 1);
    expect(deps.ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.ask).toHaveBeenCalledOnce();
  });

  it('after "no" it does not come back after the next save, nor for the next version found', () => {
    const { deps, gate: g } = gate();
    g.offer();
    g.decline();
    holdUnsavedInput()();
    vi.advanceTimersByTime(120_000);
    g.offer();
    vi.advanceTimersByTime(120_000);
    expect(deps.ask).toHaveBeenCalledOnce();
    expect(deps.activate).not.toHaveBeenCalled();
  });

  it('a yes while input is unsaved says so, then updates once it is saved and the device is left alone, without asking again', () => {
    const { deps, gate: g } = gate();
    const first = holdUnsavedInput();
    const second = holdUnsavedInput();
    g.accept();
    expect(deps.tellDeferred).toHaveBeenCalledOnce();
    first();
    vi.advanceTimersByTime(60_000);
    expect(deps.activate).not.toHaveBeenCalled();
    touch();
    second();
    expect(hasUnsavedInput()).toBe(false);
    vi.advanceTimersByTime(UPDATE_QUIET_MS);
    expect(deps.activate).toHaveBeenCalledOnce();
    expect(deps.ask).not.toHaveBeenCalled();
  });
});
