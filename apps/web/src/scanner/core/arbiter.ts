import type { ScanResult, ScanSource } from '@mde/contracts';
import { SCANNER_ERRORS, ScanError } from './messages';
import { markScan } from './scan-marks';

export interface SourcedScan extends ScanResult {
  source: ScanSource;
}

export interface ScanRequest {
  promise: Promise<SourcedScan>;
  /** Aborted once the request settles, so the source that serves it (camera, dialog) can stop. */
  signal: AbortSignal;
}

type Listener = (scan: SourcedScan) => void;

/** A screen that takes scans; false when it does not take this one (it is leaving for another screen). */
export type ScanConsumer = (scan: SourcedScan) => boolean;

/** Scans kept for modules when nobody waits (docs/spec.md §4); a bound so a stuck trigger cannot grow memory. */
export const SCAN_BUFFER_LIMIT = 50;

/**
 * How long a scan nobody took waits for a screen (docs/spec.md §4 scan buffer): the moment between two screens, when the
 * one that opens has not registered yet. A scan older than this was made on a screen that takes none.
 */
export const SCAN_HANDOVER_MS = 2000;

/**
 * The longest a scan waits for the screen of its URL to be drawn (a very slow handheld): after that it is
 * dropped even if that screen never said it was shown, so it is never replayed into a screen much later.
 */
export const SCAN_WAIT_LIMIT_MS = 10_000;

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (h: unknown) => void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as number) };

export interface ArbiterOptions {
  /** The screen the app shows now (its path). */
  route?: () => string;
  /** A buffered scan nobody took within the window: the user must hear and see that it was not taken. */
  onDropped?: Listener;
  handoverMs?: number;
  timers?: Timers;
  /** Runs fn once the page is idle (at the latest after `within` ms). */
  idle?: (fn: () => void, within: number) => void;
}

const whenIdle = (fn: () => void, within: number): void => {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(fn, { timeout: within });
  else setTimeout(fn, 0);
};

interface Buffered {
  scan: SourcedScan;
  /** The screen the scan was made on, then the one that screen opened. */
  routes: string[];
  timer: unknown;
  /** The window has passed; the scan waits only for the screen of the URL to be drawn. */
  due: boolean;
  limit: unknown;
}

/**
 * Single-scan arbitration (docs/spec.md §4): one pending request; a second request or an action cancels it.
 * Without a pending request a scan goes to the screen that takes scans (its consumer); with none registered
 * it waits in the scan buffer for the consumer of the screen it was made on or of the screen that one opens,
 * at most SCAN_HANDOVER_MS, and is then dropped: never replayed into a screen minutes later.
 */
export class ScanArbiter {
  private pending: { resolve: (s: SourcedScan) => void; reject: (e: Error) => void; ctrl: AbortController } | null =
    null;
  private buffer: Buffered[] = [];
  private consumers: { take: ScanConsumer; route: string }[] = [];
  private readonly scanListeners = new Set<Listener>();
  private readonly route: () => string;
  private readonly timers: Timers;
  private readonly handoverMs: number;
  private readonly onDropped: Listener;
  private readonly idle: (fn: () => void, within: number) => void;
  /** The path whose screen was drawn last (see screenShown); null while no screen reports it. */
  private shown: string | null = null;

  constructor(options: ArbiterOptions = {}) {
    this.route = options.route ?? (() => globalThis.location?.pathname ?? '/');
    this.timers = options.timers ?? realTimers;
    this.handoverMs = options.handoverMs ?? SCAN_HANDOVER_MS;
    this.onDropped = options.onDropped ?? (() => undefined);
    this.idle = options.idle ?? whenIdle;
  }

  get isPending(): boolean {
    return this.pending !== null;
  }

  /**
   * Whether a scan made now has a taker: a pending request, a consumer of the screen shown by the URL, or the
   * moment between two screens (the URL has changed, its screen is not drawn yet): a scan then waits in the
   * buffer for the screen that opens, and its keys must not land in a field of the screen that is leaving.
   */
  get takesScans(): boolean {
    if (this.pending !== null || this.consumers.at(-1)?.route === this.route()) return true;
    return this.shown !== null && this.shown !== this.route();
  }

  request(): ScanRequest {
    this.settle(new ScanError(SCANNER_ERRORS.cancelledByAnotherScan));
    const ctrl = new AbortController();
    const promise = new Promise<SourcedScan>((resolve, reject) => {
      this.pending = { resolve, reject, ctrl };
    });
    return { promise, signal: ctrl.signal };
  }

  /** Cancels the pending request; with none running this is an error (docs/spec.md §4, §8). */
  cancel(reason: string = SCANNER_ERRORS.cancelledByAction): void {
    if (!this.pending) throw new ScanError(SCANNER_ERRORS.nothingToCancel);
    this.settle(new ScanError(reason));
  }

  /** Any source delivers here; the first delivery wins the pending request, else the screen's consumer. */
  deliver(scan: SourcedScan): void {
    for (const l of this.scanListeners) l(scan);
    const p = this.pending;
    if (p) {
      this.pending = null;
      p.ctrl.abort();
      p.resolve(scan);
      return;
    }
    this.toScreen(scan);
  }

  /**
   * A scan a screen took but leaves unanswered: it waited in that screen's queue behind the scan that opened
   * the next screen (a second scan while a sheet opens). It goes to the screen shown now, or waits in the
   * buffer until that screen registers, as a scan made at this moment does; its listeners have heard it.
   */
  handOver(scan: SourcedScan): void {
    this.toScreen(scan);
  }

  private toScreen(scan: SourcedScan): void {
    this.noteRoute();
    const consumer = this.consumers.at(-1);
    // A navigation changes the URL first and keeps the old screen up until the new one is ready: a scan in that
    // moment was made on the new screen, so only a consumer of the screen shown by the URL may take it.
    if (consumer && consumer.route === this.route() && consumer.take(scan)) {
      markScan('arbiter');
      return;
    }
    const entry: Buffered = { scan, routes: [this.route()], timer: null, due: false, limit: null };
    // On a slow device the next screen may still be rendering when the window ends. The scan is dropped once
    // the page is idle and the screen of the URL has been drawn (it has registered by then if it takes scans);
    // a drawn screen that did not take it takes none.
    entry.timer = this.timers.set(
      () =>
        this.idle(() => {
          entry.due = true;
          if (this.shown === null || this.shown === this.route()) this.drop(entry);
        }, this.handoverMs),
      this.handoverMs,
    );
    entry.limit = this.timers.set(() => this.drop(entry), SCAN_WAIT_LIMIT_MS);
    this.buffer.push(entry);
    const oldest = this.buffer[0];
    if (this.buffer.length > SCAN_BUFFER_LIMIT && oldest) this.drop(oldest);
  }

  /**
   * A screen that takes scans while it is shown; the newest registration is the one scans go to. It gets
   * the buffered scans made on its screen or on the screen that opened it. Returns the unregister function.
   */
  register(take: ScanConsumer, route: string = this.route()): () => void {
    const consumer = { take, route };
    this.consumers.push(consumer);
    this.noteRoute();
    for (const entry of [...this.buffer]) {
      if (entry.routes.includes(route) && take(entry.scan)) this.remove(entry);
    }
    return () => {
      this.consumers = this.consumers.filter((c) => c !== consumer);
    };
  }

  /**
   * The screen of `route` has been drawn, its consumer (if it takes scans) registered in the same commit. A
   * scan whose window has passed and that this screen did not take is dropped now, with its feedback.
   */
  screenShown(route: string): void {
    this.shown = route;
    if (route !== this.route()) return;
    for (const entry of [...this.buffer]) if (entry.due) this.drop(entry);
  }

  /**
   * The app shows another screen: buffered scans remember it; a scan whose screen opened one screen and
   * that one another was made for neither and is dropped.
   */
  noteRoute(): void {
    const now = this.route();
    for (const entry of [...this.buffer]) {
      if (entry.routes.at(-1) === now) continue;
      entry.routes.push(now);
      if (entry.routes.length > 2) this.drop(entry);
    }
  }

  /** Returns the buffered scans (oldest first) and empties the buffer without dropping them. */
  readBuffer(): SourcedScan[] {
    const out = this.buffer.map((e) => e.scan);
    for (const entry of [...this.buffer]) this.remove(entry);
    return out;
  }

  /** Every delivered scan, pending or buffered (test page, history). */
  subscribeScans(listener: Listener): () => void {
    this.scanListeners.add(listener);
    return () => this.scanListeners.delete(listener);
  }

  private remove(entry: Buffered): void {
    this.timers.clear(entry.timer);
    this.timers.clear(entry.limit);
    this.buffer = this.buffer.filter((e) => e !== entry);
  }

  private drop(entry: Buffered): void {
    if (!this.buffer.includes(entry)) return;
    this.remove(entry);
    this.onDropped(entry.scan);
  }

  private settle(error: Error): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    p.ctrl.abort();
    p.reject(error);
  }
}
