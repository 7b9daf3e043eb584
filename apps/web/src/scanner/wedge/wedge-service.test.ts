// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { startEarlyKeyBuffer, takeEarlyKeys } from './early-keys';
import { activeWedgeSettings, applyWedgeSettings, startWedge, subscribeWedgeDebug } from './wedge-service';
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

describe('keys typed before the listener runs', () => {
  const type = (text: string, target: EventTarget = document.body, from = performance.now() - 500) => {
    [...text, 'Enter'].forEach((key, i) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: from + i * 5 });
      target.dispatchEvent(event);
    });
  };

  it('recognises a scan made before start-up had finished, and nothing typed into a field', async () => {
    const seen: string[] = [];
    const off = subscribeWedgeDebug((s) => seen.push(s.data));
    startEarlyKeyBuffer();
    type('4006381333931');
    const field = document.createElement('input');
    document.body.append(field);
    type('12345678', field);
    stop = startWedge();
    off();
    field.remove();
    expect(seen).toEqual(['4006381333931']);
  });

  it('stops keeping keys once the listener has taken over', () => {
    startEarlyKeyBuffer();
    stop = startWedge();
    type('4006381333931');
    expect(takeEarlyKeys()).toEqual([]);
  });
});
