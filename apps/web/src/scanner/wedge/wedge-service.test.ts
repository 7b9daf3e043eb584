// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHandheld, resetHandheldBoot } from '../handheld-boot';
import { subscribeScans } from '../service/scan-service';
import {
  activeWedgeSettings,
  applyWedgeSettings,
  learnedTerminator,
  startWedge,
  subscribeWedgeDebug,
} from './wedge-service';
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

describe('listeners started with the page', () => {
  const type = (text: string, target: EventTarget = document.body, from = performance.now()) => {
    [...text, 'Enter'].forEach((key, i) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: from + i * 5 });
      target.dispatchEvent(event);
    });
  };
  afterEach(() => resetHandheldBoot());

  it('hear a scan before the service is there, send for it once, and hand the scan over when it starts', () => {
    const wake = vi.fn();
    bootHandheld(wake);
    expect(document.documentElement.dataset.wedge).toBe('listening');
    type('4006381333931');
    type('4006381333948', document.body, performance.now() + 500);
    expect(wake).toHaveBeenCalledTimes(1);
    const delivered: string[] = [];
    const off = subscribeScans((s) => delivered.push(`${s.source}:${s.data}`));
    stop = startWedge();
    type('4006381333955', document.body, performance.now() + 1000);
    off();
    expect(delivered).toEqual(['wedge:4006381333931', 'wedge:4006381333948', 'wedge:4006381333955']);
  });

  it('keep a scan typed into a field out of the field while they wait', () => {
    bootHandheld(() => undefined);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    type('4006381333931', field);
    expect(field.value).toBe('');
    field.remove();
  });

  it('give the boot listener to the service once: a restarted service listens with a new one', () => {
    bootHandheld(() => undefined);
    startWedge()();
    expect(document.documentElement.dataset.wedge).toBeUndefined();
    const seen: string[] = [];
    const off = subscribeWedgeDebug((s) => seen.push(s.data));
    stop = startWedge();
    type('4006381333931');
    off();
    expect(seen).toEqual(['4006381333931']);
  });
});

describe('the wedge service started twice', () => {
  afterEach(() => resetHandheldBoot());

  it('keeps one listener, so the terminator it learned stays, until both callers let go', () => {
    bootHandheld(() => undefined);
    const first = startWedge();
    [...'4006381333931', 'Enter'].forEach((key, i) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: performance.now() + i * 5 });
      document.body.dispatchEvent(event);
    });
    expect(learnedTerminator()).toBe('Enter');
    const second = startWedge();
    expect(learnedTerminator()).toBe('Enter');
    first();
    expect(document.documentElement.dataset.wedge).toBe('listening');
    second();
    expect(document.documentElement.dataset.wedge).toBeUndefined();
  });
});
