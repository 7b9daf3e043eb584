// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourcedScan } from '../../scanner';

// The scanner's consumer registry, seen from the queue: the test delivers scans and sees what is handed over.
let take: (scan: SourcedScan) => boolean | undefined = () => false;
const handedOver: string[] = [];
vi.mock('../../scanner', () => ({
  feedback: { error: vi.fn() },
  handOverScan: (scan: SourcedScan) => handedOver.push(scan.data),
  useScanConsumerAt: (t: typeof take) => {
    take = t;
  },
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn() }));

const { useScanQueueAt } = await import('./use-scan-queue');

const scan = (data: string): SourcedScan => ({ data, timestamp: 1, source: 'wedge' });
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('the scan queue of a capture screen', () => {
  beforeEach(() => {
    handedOver.length = 0;
  });

  it('answers its scans one after the other', async () => {
    const answered: string[] = [];
    renderHook(() => useScanQueueAt('/m', async (code) => void answered.push(code)));
    take(scan('1'));
    take(scan('2'));
    await flush();
    expect(answered).toEqual(['1', '2']);
    expect(handedOver).toEqual([]);
  });

  it('hands a queued scan over once the scan before it opened the next screen, and answers none twice', async () => {
    let opening = false;
    const answered: string[] = [];
    renderHook(() =>
      useScanQueueAt(
        '/m',
        async (code) => {
          answered.push(code);
          opening = true;
        },
        true,
        () => !opening,
      ),
    );
    take(scan('opens'));
    take(scan('second'));
    await flush();
    expect(answered).toEqual(['opens']);
    expect(handedOver).toEqual(['second']);
    // Scans after that are refused at once: they wait in the scanner's buffer for the next screen.
    expect(take(scan('third'))).toBe(false);
  });

  it('answers a scan of the scan button in the queue, never hands it over', async () => {
    const answered: string[] = [];
    const { result } = renderHook(() =>
      useScanQueueAt(
        '/m',
        async (code) => void answered.push(code),
        true,
        () => false,
      ),
    );
    await act(() => result.current('button'));
    expect(answered).toEqual(['button']);
    expect(handedOver).toEqual([]);
  });
});
