import { classifyKey, type WedgeKey } from './key-to-char';
import type { WedgeSettings } from './wedge-defaults';

export type WedgeTerminator = 'Enter' | 'Tab' | 'suffix' | 'gap' | 'paste';

export interface WedgeScan {
  data: string;
  terminator: WedgeTerminator;
  /** Raw keys of the scan with the time since the previous key, for the scanner test page. */
  keys: { key: string; dt: number }[];
  startedAt: number;
  endedAt: number;
}

export interface WedgeCallbacks {
  onScan: (scan: WedgeScan) => void;
  /** A burst became a scan: remove the first key the field already received. */
  onRevert?: () => void;
  /** A burst turned out to be a person typing fast: put back the keys that were held back. */
  onReinsert?: (text: string) => void;
  /** A second output of the same trigger pull was dropped. */
  onDuplicate?: (data: string) => void;
}

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (h: unknown) => void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as number) };

const GS = 29;

interface Burst {
  keys: { key: string; t: number }[];
  text: string;
  held: string;
  confirmed: boolean;
  lastT: number;
  /** Resumed once after a hiccup already; a second slow key really ends it. */
  resumed: boolean;
}

/**
 * Keyboard-wedge scan detection: a burst of keys faster than a person types is a scan.
 * Pure apart from timers, so tests drive it with synthetic timed keys; the DOM binding lives in wedge-listener.
 */
export class WedgeDetector {
  private burst: Burst | null = null;
  /** An unconfirmed burst cut by one slow key, kept briefly in case the scan goes on (a busy device stalls). */
  private tail: Burst | null = null;
  private tailTimer: unknown = null;
  private timer: unknown = null;
  private last: { data: string; t: number } | null = null;
  private learned: 'Enter' | 'Tab' | null = null;
  active = true;

  constructor(
    public settings: WedgeSettings,
    private readonly cb: WedgeCallbacks,
    private readonly timers: Timers = realTimers,
  ) {}

  get learnedTerminator(): 'Enter' | 'Tab' | null {
    return this.learned;
  }

  get inBurst(): boolean {
    return this.burst !== null;
  }

  /** Whether a key at time t would continue a scan in progress (the listener then keeps its field snapshot). */
  continuesAt(t: number): boolean {
    const b = this.burst;
    if (b && t - b.lastT <= (b.confirmed ? this.endGap() : this.settings.maxKeyIntervalMs)) return true;
    return !b && this.canResume(t);
  }

  /** Feeds one keydown; returns true when the key belongs to a scan and must not reach the page. */
  feed(k: WedgeKey): boolean {
    if (!this.active) return false;
    const c = classifyKey(k);
    if (c.kind === 'ignore') return this.burst?.confirmed ?? false;
    let b = this.burst;
    if (b && k.t - b.lastT > (b.confirmed ? this.endGap() : this.settings.maxKeyIntervalMs)) {
      this.end(true);
      b = null;
    }
    if (!b && this.canResume(k.t) && c.kind !== 'terminator' && c.kind !== 'other') b = this.resume();
    if (c.kind === 'terminator') {
      if (!b?.confirmed) {
        this.end();
        return false;
      }
      b.keys.push({ key: k.key, t: k.t });
      this.finish(c.name, k.t);
      return true;
    }
    if (c.kind === 'other') {
      if (b?.confirmed) return true;
      this.end();
      return false;
    }
    const ch = c.kind === 'char' ? c.char : String.fromCharCode(c.code);
    if (!b) {
      this.burst = {
        keys: [{ key: k.key, t: k.t }],
        text: ch,
        held: '',
        confirmed: false,
        lastT: k.t,
        resumed: false,
      };
      this.arm();
      // The first key may be a person typing: let it through; it is reverted once the burst is a scan.
      return c.kind === 'control';
    }
    b.keys.push({ key: k.key, t: k.t });
    b.text += ch;
    b.lastT = k.t;
    if (!b.confirmed) {
      if (c.kind === 'char') b.held += ch;
      if (b.keys.length >= this.settings.minLength) {
        b.confirmed = true;
        b.held = '';
        this.cb.onRevert?.();
      }
    }
    if (b.confirmed && this.settings.suffix && b.text.endsWith(this.settings.suffix)) {
      this.finish('suffix', k.t);
    } else {
      this.arm();
    }
    return true;
  }

  /** A paste counts as a scan (devices with clipboard output paste the whole code at once). */
  paste(text: string, t: number): void {
    if (!this.active) return;
    this.end();
    this.emit(text, 'paste', [{ key: text, dt: 0 }], t, t);
  }

  /** Drops any burst in progress (integration switched off, page hidden). */
  reset(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.burst = null;
    this.dropTail();
  }

  /**
   * One hiccup is forgiven: a tail of two or more fast keys resumes within the gap, a single key only
   * within twice the key interval, so a person typing never adds up to a scan.
   */
  private canResume(t: number): boolean {
    const tail = this.tail;
    return tail !== null && t - tail.lastT <= this.resumeLimit(tail);
  }

  /**
   * A burst of two or more fast keys was a scanner: while its terminator is expected (configured or learned)
   * the scan is open until that terminator or the long chunk gap, so a device that stalls before the burst
   * counts as a scan loses no digits. Without one, the short gap; a single key only twice the key interval.
   */
  private resumeLimit(tail: Burst): number {
    if (tail.keys.length < 2) return 2 * this.settings.maxKeyIntervalMs;
    return this.expectsTerminator() ? this.settings.chunkTimeoutMs : this.settings.gapMs;
  }

  private resume(): Burst {
    const b = this.tail as Burst;
    this.dropTail();
    // Its held keys went back to the field when it was cut; from here on only new keys are held.
    b.held = '';
    b.resumed = true;
    this.burst = b;
    return b;
  }

  private keepTail(b: Burst): void {
    this.dropTail();
    this.tail = b;
    this.tailTimer = this.timers.set(() => {
      this.tailTimer = null;
      this.tail = null;
    }, this.resumeLimit(b) + 1);
  }

  private dropTail(): void {
    if (this.tailTimer !== null) this.timers.clear(this.tailTimer);
    this.tailTimer = null;
    this.tail = null;
  }

  private expectsTerminator(): boolean {
    const t = this.settings.terminator;
    return t === 'enter' || t === 'tab' || (t === 'auto' && this.learned !== null);
  }

  private endGap(): number {
    // Waiting for a known terminator lets long QR codes arriving in chunks stay one scan.
    return this.expectsTerminator() ? this.settings.chunkTimeoutMs : this.settings.gapMs;
  }

  /**
   * The timer runs on arrival time, the keys count by their own timestamps: on a busy device the timer can
   * run while keys the scanner sent in time still wait in the queue. So it only ends the burst after one
   * more turn of the event loop (queued input goes first); a key that came in time has continued it by then.
   */
  private arm(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    const b = this.burst;
    const ms = b?.confirmed ? this.endGap() : this.settings.maxKeyIntervalMs + 1;
    this.timer = this.timers.set(() => {
      this.timer = this.timers.set(() => {
        this.timer = null;
        this.end(true);
      }, 0);
    }, ms);
  }

  /**
   * Ends the burst: a confirmed one is a scan ended by a gap, an unconfirmed one gives its keys back.
   * `bySlowKey`: it ended by timing alone, so it may still resume once (see canResume).
   */
  private end(bySlowKey = false): void {
    const b = this.burst;
    if (!b) return;
    if (b.confirmed) {
      this.finish('gap', b.lastT);
      return;
    }
    this.reset();
    if (b.held) this.cb.onReinsert?.(b.held);
    if (bySlowKey && !b.resumed) this.keepTail(b);
  }

  private finish(terminator: WedgeTerminator, t: number): void {
    const b = this.burst;
    this.reset();
    if (!b) return;
    if ((terminator === 'Enter' || terminator === 'Tab') && this.settings.terminator === 'auto') {
      this.learned = terminator;
    }
    const first = b.keys[0]?.t ?? t;
    const keys = b.keys.map((k, i) => ({ key: k.key, dt: i === 0 ? 0 : k.t - (b.keys[i - 1]?.t ?? k.t) }));
    this.emit(b.text, terminator, keys, first, t);
  }

  private emit(raw: string, terminator: WedgeTerminator, keys: WedgeScan['keys'], start: number, end: number): void {
    const data = this.clean(raw);
    if (!data) return;
    const last = this.last;
    if (last && last.data === data && start - last.t <= this.settings.dedupeMs) {
      this.last = { data, t: end };
      this.cb.onDuplicate?.(data);
      return;
    }
    this.last = { data, t: end };
    this.cb.onScan({ data, terminator, keys, startedAt: start, endedAt: end });
  }

  private clean(raw: string): string {
    const { prefix, suffix, keepGroupSeparator } = this.settings;
    let s = raw;
    if (prefix && s.startsWith(prefix)) s = s.slice(prefix.length);
    if (suffix && s.endsWith(suffix)) s = s.slice(0, -suffix.length);
    // Control characters never reach a field; only GS (FNC1 in GS1 data) is kept when configured.
    let out = '';
    for (const ch of s) {
      const code = ch.charCodeAt(0);
      if (code >= 32 && code !== 127) out += ch;
      else if (code === GS && keepGroupSeparator) out += ch;
    }
    return out.replace(/^[\r\n]+|[\r\n]+$/g, '');
  }
}
