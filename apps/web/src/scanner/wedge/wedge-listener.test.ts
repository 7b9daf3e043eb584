// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WedgeScan } from './wedge-detector';
import { attachWedgeListener } from './wedge-listener';
import { DEFAULT_WEDGE_SETTINGS } from './wedge-settings';

let detach: (() => void) | null = null;
afterEach(() => {
  detach?.();
  vi.useRealTimers();
});

/** Types like a browser: keydown, and for printable keys that were not prevented, the character lands. */
function typeInto(input: HTMLInputElement, keys: string[]) {
  for (const key of keys) {
    const ev = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    input.dispatchEvent(ev);
    if (!ev.defaultPrevented && key.length === 1) input.value += key;
  }
}

describe('wedge listener in the DOM', () => {
  it('takes a scan out of a focused field without leaving the code in it', () => {
    // A scanner's keys come back to back; on a loaded test machine jsdom's own clock (its events' timeStamp)
    // could put 40 ms between two of them, so the clock stands still here.
    vi.useFakeTimers();
    document.body.innerHTML = '<input id="f" value="Menge: " />';
    const input = document.getElementById('f') as HTMLInputElement;
    input.focus();
    const scans: WedgeScan[] = [];
    detach = attachWedgeListener(DEFAULT_WEDGE_SETTINGS, (s) => scans.push(s)).detach;
    typeInto(input, [...'4006381333931', 'Enter']);
    expect(scans.map((s) => s.data)).toEqual(['4006381333931']);
    expect(input.value).toBe('Menge: ');
  });

  it('leaves every key of fast typing in a text field where no screen takes a scan', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<input id="f" value="" />';
    const input = document.getElementById('f') as HTMLInputElement;
    input.focus();
    const scans: WedgeScan[] = [];
    const handle = attachWedgeListener(DEFAULT_WEDGE_SETTINGS, (s) => scans.push(s));
    detach = handle.detach;
    handle.scanPossible = () => false;
    // An admin typing a name at 0 ms key gaps: as fast as any scanner, and still typing.
    typeInto(input, [...'zaehler360', 'Enter']);
    expect(input.value).toBe('zaehler360');
    expect(scans).toEqual([]);
    // Outside a text field the same burst is still heard (and refused with feedback by the scan service).
    input.blur();
    typeInto(input, [...'4006381333931', 'Enter']);
    expect(scans.map((s) => s.data)).toEqual(['4006381333931']);
  });

  it('counts a paste as a scan', () => {
    const scans: WedgeScan[] = [];
    detach = attachWedgeListener(DEFAULT_WEDGE_SETTINGS, (s) => scans.push(s)).detach;
    const ev = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(ev, 'clipboardData', { value: { getData: () => 'ABC123' } });
    document.body.dispatchEvent(ev);
    expect(scans[0]?.terminator).toBe('paste');
    expect(ev.defaultPrevented).toBe(true);
  });
});
