// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { activeWedgeSettings, applyWedgeSettings, startWedge } from './wedge-service';
import { DEFAULT_WEDGE_SETTINGS, loadWedgeSettings } from './wedge-settings';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  localStorage.clear();
});

describe('wedge settings at run time', () => {
  it('stores new settings and hands them to the running listener without a reload', () => {
    stop = startWedge();
    expect(document.documentElement.dataset.wedge).toBe('listening');
    applyWedgeSettings({ ...DEFAULT_WEDGE_SETTINGS, prefix: ']C1', gapMs: 250, dedupeMs: 300 });
    expect(activeWedgeSettings()).toMatchObject({ prefix: ']C1', gapMs: 250, dedupeMs: 300 });
    expect(loadWedgeSettings()).toMatchObject({ prefix: ']C1', gapMs: 250, dedupeMs: 300 });
  });

  it('stops listening visibly when detached', () => {
    startWedge()();
    expect(document.documentElement.dataset.wedge).toBeUndefined();
    expect(activeWedgeSettings()).toBeNull();
  });
});
