import { describe, expect, it } from 'vitest';
import { ScanArbiter, type SourcedScan } from './arbiter';
import { SCANNER_ERRORS } from './messages';

const scan = (data: string): SourcedScan => ({ data, labelType: 'ean13', timestamp: 1, source: 'wedge' });

describe('ScanArbiter (spec §4 single-scan arbitration)', () => {
  it('resolves the pending request with the first scan and aborts its signal', async () => {
    const a = new ScanArbiter();
    const r = a.request();
    a.deliver(scan('1'));
    await expect(r.promise).resolves.toMatchObject({ data: '1' });
    expect(r.signal.aborted).toBe(true);
    expect(a.isPending).toBe(false);
  });

  it('a second request cancels the first', async () => {
    const a = new ScanArbiter();
    const first = a.request();
    const second = a.request();
    await expect(first.promise).rejects.toThrow(SCANNER_ERRORS.cancelledByAnotherScan);
    a.deliver(scan('2'));
    await expect(second.promise).resolves.toMatchObject({ data: '2' });
  });

  it('an action cancels with "Cancelled by action"', async () => {
    const a = new ScanArbiter();
    const r = a.request();
    a.cancel();
    await expect(r.promise).rejects.toThrow(SCANNER_ERRORS.cancelledByAction);
    expect(r.signal.aborted).toBe(true);
  });

  it('cancelling with nothing running is an error', () => {
    expect(() => new ScanArbiter().cancel()).toThrow(SCANNER_ERRORS.nothingToCancel);
  });

  it('buffers scans without a pending request and notifies subscribers', () => {
    const a = new ScanArbiter();
    const seen: string[] = [];
    const off = a.subscribeBuffer((s) => seen.push(s.data));
    a.deliver(scan('A'));
    a.deliver(scan('B'));
    off();
    a.deliver(scan('C'));
    expect(seen).toEqual(['A', 'B']);
    expect(a.readBuffer().map((s) => s.data)).toEqual(['A', 'B', 'C']);
    expect(a.readBuffer()).toEqual([]);
  });

  it('a scan for a pending request does not enter the buffer', async () => {
    const a = new ScanArbiter();
    const r = a.request();
    a.deliver(scan('X'));
    await r.promise;
    expect(a.readBuffer()).toEqual([]);
  });
});
