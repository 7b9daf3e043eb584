import type { ScanResult, ScanSource } from '@mde/contracts';
import { SCANNER_ERRORS, ScanError } from './messages';

export interface SourcedScan extends ScanResult {
  source: ScanSource;
}

export interface ScanRequest {
  promise: Promise<SourcedScan>;
  /** Aborted once the request settles, so the source that serves it (camera, dialog) can stop. */
  signal: AbortSignal;
}

type Listener = (scan: SourcedScan) => void;

/** Scans kept for modules when nobody waits (§4); a bound so a stuck trigger cannot grow memory. */
export const SCAN_BUFFER_LIMIT = 50;

/**
 * Single-scan arbitration (spec §4): one pending request; a second request or an action cancels it;
 * a scan without a pending request goes to the scan buffer.
 */
export class ScanArbiter {
  private pending: { resolve: (s: SourcedScan) => void; reject: (e: Error) => void; ctrl: AbortController } | null =
    null;
  private buffer: SourcedScan[] = [];
  private readonly bufferListeners = new Set<Listener>();
  private readonly scanListeners = new Set<Listener>();

  get isPending(): boolean {
    return this.pending !== null;
  }

  request(): ScanRequest {
    this.settle(new ScanError(SCANNER_ERRORS.cancelledByAnotherScan));
    const ctrl = new AbortController();
    const promise = new Promise<SourcedScan>((resolve, reject) => {
      this.pending = { resolve, reject, ctrl };
    });
    return { promise, signal: ctrl.signal };
  }

  /** Cancels the pending request; with none running this is an error (§4, §8). */
  cancel(reason: string = SCANNER_ERRORS.cancelledByAction): void {
    if (!this.pending) throw new ScanError(SCANNER_ERRORS.nothingToCancel);
    this.settle(new ScanError(reason));
  }

  /** Any source delivers here; the first delivery wins the pending request. */
  deliver(scan: SourcedScan): void {
    for (const l of this.scanListeners) l(scan);
    const p = this.pending;
    if (p) {
      this.pending = null;
      p.ctrl.abort();
      p.resolve(scan);
      return;
    }
    this.buffer.push(scan);
    if (this.buffer.length > SCAN_BUFFER_LIMIT) this.buffer.shift();
    for (const l of this.bufferListeners) l(scan);
  }

  /** Returns the buffered scans (oldest first) and empties the buffer. */
  readBuffer(): SourcedScan[] {
    const out = this.buffer;
    this.buffer = [];
    return out;
  }

  subscribeBuffer(listener: Listener): () => void {
    this.bufferListeners.add(listener);
    return () => this.bufferListeners.delete(listener);
  }

  /** Every delivered scan, pending or buffered (test page, history). */
  subscribeScans(listener: Listener): () => void {
    this.scanListeners.add(listener);
    return () => this.scanListeners.delete(listener);
  }

  private settle(error: Error): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    p.ctrl.abort();
    p.reject(error);
  }
}
