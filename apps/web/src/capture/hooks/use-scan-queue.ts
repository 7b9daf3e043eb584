import { useRef } from 'react';
import { notifyError } from '../../lib/notify';
import { feedback, useScanConsumer } from '../../scanner';

// A failing scan must be heard and seen, never dropped in silence; the next scan still runs.
const report = (error: unknown) => {
  feedback.error();
  notifyError(error instanceof Error ? error.message : String(error));
};

const always = () => true;

/**
 * Every hardware scan that arrives on a capture screen, handled one after the other: a scan during an
 * animation, a dialog or a pending save waits its turn and lands exactly once.
 */
export function useScanQueue(
  onScan: (code: string) => Promise<void>,
  enabled = true,
  accepting: () => boolean = always,
) {
  const handler = useRef(onScan);
  handler.current = onScan;
  const queue = useRef(Promise.resolve());
  const enqueue = (code: string) => {
    queue.current = queue.current.then(() => handler.current(code)).catch(report);
    return queue.current;
  };
  useScanConsumer((s) => {
    // A screen that is leaving leaves the scan for the screen it goes to.
    if (!accepting()) return false;
    void enqueue(s.data);
    return true;
  }, enabled);
  /** Puts a scan from the scan button into the same queue. */
  return enqueue;
}
