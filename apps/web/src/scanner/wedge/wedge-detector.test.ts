import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WedgeKey } from './key-to-char';
import { WedgeDetector, type WedgeScan } from './wedge-detector';
import { DEFAULT_WEDGE_SETTINGS, type WedgeSettings } from './wedge-settings';

function setup(over: Partial<WedgeSettings> = {}) {
  const scans: WedgeScan[] = [];
  const reinserted: string[] = [];
  const dups: string[] = [];
  let reverts = 0;
  const det = new WedgeDetector(
    { ...DEFAULT_WEDGE_SETTINGS, ...over },
    {
      onScan: (s) => scans.push(s),
      onReinsert: (t) => reinserted.push(t),
      onRevert: () => reverts++,
      onDuplicate: (d) => dups.push(d),
    },
  );
  const prevented: boolean[] = [];
  const key = (k: string, dt: number, mods: Partial<WedgeKey> = {}) => {
    vi.advanceTimersByTime(dt);
    prevented.push(det.feed({ key: k, t: Date.now(), ...mods }));
  };
  const type = (text: string, dt = 3, mods: Partial<WedgeKey> = {}) => {
    for (const ch of text) key(ch, dt, mods);
  };
  return { det, scans, reinserted, dups, prevented, key, type, reverts: () => reverts };
}

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('WedgeDetector', () => {
  it('recognises a fast burst ended by Enter and swallows every key after the first', () => {
    const w = setup();
    w.type('4006381333931');
    w.key('Enter', 3);
    expect(w.scans).toHaveLength(1);
    expect(w.scans[0]).toMatchObject({ data: '4006381333931', terminator: 'Enter' });
    expect(w.prevented[0]).toBe(false);
    expect(w.prevented.slice(1).every(Boolean)).toBe(true);
    expect(w.reverts()).toBe(1);
    expect(w.det.learnedTerminator).toBe('Enter');
  });

  it('ends a scan without terminator after the gap', () => {
    const w = setup({ terminator: 'none' });
    w.type('ABC-12345');
    expect(w.scans).toHaveLength(0);
    vi.advanceTimersByTime(DEFAULT_WEDGE_SETTINGS.gapMs + 1);
    expect(w.scans[0]).toMatchObject({ data: 'ABC-12345', terminator: 'gap' });
  });

  it('accepts Tab as terminator', () => {
    const w = setup();
    w.type('12345678');
    w.key('Tab', 2);
    expect(w.scans[0]).toMatchObject({ data: '12345678', terminator: 'Tab' });
  });

  it('leaves human typing alone and gives held keys back', () => {
    const w = setup();
    w.type('hallo', 120);
    vi.advanceTimersByTime(500);
    expect(w.scans).toHaveLength(0);
    expect(w.prevented.every((p) => !p)).toBe(true);
    // Key rollover: two keys 10 ms apart, then a pause: the held second key is put back.
    w.key('a', 200);
    w.key('b', 10);
    vi.advanceTimersByTime(300);
    expect(w.reinserted).toEqual(['b']);
    expect(w.scans).toHaveLength(0);
  });

  it('lets a human Enter through', () => {
    const w = setup();
    w.key('Enter', 500);
    expect(w.prevented).toEqual([false]);
  });

  it('keeps a long QR code arriving in chunks over several seconds as one scan', () => {
    const w = setup({ terminator: 'enter' });
    const chunk = 'X'.repeat(60);
    for (let i = 0; i < 5; i++) {
      w.type(chunk, 2);
      vi.advanceTimersByTime(700);
    }
    w.key('Enter', 2);
    expect(w.scans).toHaveLength(1);
    expect(w.scans[0]?.data).toHaveLength(300);
  });

  it('joins chunks in auto mode once the terminator is learned', () => {
    const w = setup();
    w.type('FIRST123');
    w.key('Enter', 2);
    vi.advanceTimersByTime(1000);
    w.type('A'.repeat(40));
    vi.advanceTimersByTime(900);
    w.type('B'.repeat(40));
    w.key('Enter', 2);
    expect(w.scans.map((s) => s.data)).toEqual(['FIRST123', `${'A'.repeat(40)}${'B'.repeat(40)}`]);
  });

  it('drops the second output of one trigger pull inside the dedupe window', () => {
    const w = setup();
    w.type('4006381333931');
    w.key('Enter', 2);
    w.type('4006381333931', 2);
    w.key('Enter', 2);
    expect(w.scans).toHaveLength(1);
    expect(w.dups).toEqual(['4006381333931']);
    // Outside the window the same code is a new scan.
    vi.advanceTimersByTime(1000);
    w.type('4006381333931');
    w.key('Enter', 2);
    expect(w.scans).toHaveLength(2);
  });

  it('keeps GS1 group separators typed as Ctrl+] and strips other control characters', () => {
    const w = setup();
    w.type('0104012345678901');
    w.key(']', 2, { ctrlKey: true });
    w.type('10ABC');
    w.key('\u0007', 2);
    w.key('Enter', 2);
    expect(w.scans[0]?.data).toBe('0104012345678901\u001d10ABC');
    const s = setup({ keepGroupSeparator: false });
    s.type('0104012345678901\u001d10ABC');
    s.key('Enter', 2);
    expect(s.scans[0]?.data).toBe('010401234567890110ABC');
  });

  it('reads keys with altKey set by Zebra firmware as plain characters', () => {
    const w = setup();
    w.type('ABC123', 2, { altKey: true });
    w.key('Enter', 2, { altKey: true });
    expect(w.scans[0]?.data).toBe('ABC123');
  });

  it('uses event.key so QWERTZ layouts do not garble codes (z/y, AltGr characters)', () => {
    const w = setup();
    // On QWERTZ the scanner's 'Z' is physically KeyY; AltGr+Q gives '@' with ctrl+alt set.
    w.type('ZY-');
    w.key('@', 2, { ctrlKey: true, altKey: true });
    w.type('äö1');
    w.key('Enter', 2);
    expect(w.scans[0]?.data).toBe('ZY-@äö1');
  });

  it('strips prefix and suffix, and a suffix ends the scan', () => {
    const w = setup({ prefix: '#', suffix: '$$' });
    w.type('#12345$$');
    expect(w.scans[0]).toMatchObject({ data: '12345', terminator: 'suffix' });
  });

  it('counts a paste as a scan and ignores everything while inactive', () => {
    const w = setup();
    w.det.paste('4006381333931\n', Date.now());
    expect(w.scans[0]).toMatchObject({ data: '4006381333931', terminator: 'paste' });
    w.det.active = false;
    w.type('99999999');
    w.key('Enter', 2);
    w.det.paste('x', Date.now());
    expect(w.scans).toHaveLength(1);
    expect(w.prevented.every((p) => !p)).toBe(true);
  });

  it('records raw keys with their timing', () => {
    const w = setup();
    w.type('1234', 4);
    w.key('Enter', 5);
    expect(w.scans[0]?.keys.map((k) => k.dt)).toEqual([0, 4, 4, 4, 5]);
  });
});

describe('a stalled device (one hiccup per scan)', () => {
  const run = (keys: [string, number][]) => {
    const scans: string[] = [];
    const d = new WedgeDetector(
      { ...DEFAULT_WEDGE_SETTINGS },
      { onScan: (s) => scans.push(s.data) },
      { set: () => 0, clear: () => undefined },
    );
    for (const [key, t] of keys) d.feed({ key, t, ctrlKey: false, altKey: false, metaKey: false });
    return scans;
  };
  const timed = (text: string, start: number, step: number): [string, number][] =>
    [...text].map((ch, i) => [ch, start + i * step]);

  it('keeps the code whole when the device stalls after the first key', () => {
    expect(run([['4', 0], ...timed('006381333931', 70, 3), ['Enter', 110]])).toEqual(['4006381333931']);
  });

  it('keeps the code whole when the device stalls in the middle', () => {
    expect(run([...timed('400638133', 0, 3), ...timed('3931', 90, 3), ['Enter', 110]])).toEqual(['4006381333931']);
  });

  it('still reads a person typing at 80–120 ms per key as typing', () => {
    expect(run([...timed('abcdef', 0, 90), ['Enter', 600]])).toEqual([]);
  });
});

describe('a burst is one scan', () => {
  /** Timers that fire only when the test says so: a busy device runs a timer before the keys queued behind it. */
  function manualTimers() {
    const pending = new Map<number, () => void>();
    let next = 0;
    return {
      timers: {
        set: (fn: () => void) => {
          pending.set(++next, fn);
          return next;
        },
        clear: (h: unknown) => pending.delete(h as number),
      },
      /** Runs the timers due now (not the ones they set). */
      fire: () => {
        const due = [...pending.values()];
        pending.clear();
        for (const fn of due) fn();
      },
    };
  }

  it('keys that stall in the queue count by their own timestamps: a late timer does not split the scan', () => {
    const clock = manualTimers();
    const scans: string[] = [];
    const d = new WedgeDetector({ ...DEFAULT_WEDGE_SETTINGS }, { onScan: (s) => scans.push(s.data) }, clock.timers);
    const feed = (text: string, start: number) => {
      for (const [i, key] of [...text].entries()) d.feed({ key, t: start + i * 3 });
    };
    feed('4006381', 0);
    // The device is busy: the end-of-burst timer runs before the keys it already sent are handled.
    clock.fire();
    feed('333931', 21);
    d.feed({ key: 'Enter', t: 39 });
    clock.fire();
    clock.fire();
    expect(scans).toEqual(['4006381333931']);
  });

  it('a burst whose keys stall in the queue ends after them when nothing follows', () => {
    const clock = manualTimers();
    const scans: string[] = [];
    const d = new WedgeDetector(
      { ...DEFAULT_WEDGE_SETTINGS, terminator: 'none' },
      { onScan: (s) => scans.push(s.data) },
      clock.timers,
    );
    for (const [i, key] of [...'4006381333931'].entries()) d.feed({ key, t: i * 3 });
    clock.fire();
    expect(scans).toEqual([]);
    clock.fire();
    expect(scans).toEqual(['4006381333931']);
  });

  it('with Enter learned a burst stays open across a stall until its Enter: no lost digits, no second scan', () => {
    const w = setup();
    w.type('FIRST123');
    w.key('Enter', 2);
    vi.advanceTimersByTime(1000);
    w.type('40', 3);
    // The device stalls 400 ms after two keys (the gap shows in the keys' own timestamps).
    vi.advanceTimersByTime(400);
    w.type('06381333931', 3);
    w.key('Enter', 3);
    expect(w.scans.map((s) => s.data)).toEqual(['FIRST123', '4006381333931']);
    expect(w.scans[1]?.keys.map((k) => Math.round(k.dt))).toContain(403);
  });

  it('without a learned terminator two fast keys and a long pause are still typing', () => {
    const w = setup();
    w.type('ab', 3);
    vi.advanceTimersByTime(400);
    w.type('cdef', 150);
    expect(w.scans).toEqual([]);
  });
});
