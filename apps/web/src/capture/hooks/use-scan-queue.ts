import { useRef } from 'react';
import { useLocation } from 'react-router';
import { notifyError } from '../../lib/notify';
import { feedback, handOverScan, type SourcedScan, useScanConsumerAt } from '../../scanner';

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
  return useScanQueueAt(useLocation().pathname, onScan, enabled, accepting);
}

/** useScanQueue of a screen that names its path (useScanConsumerAt): the capture list behind an entry. */
export function useScanQueueAt(
  route: string,
  onScan: (code: string) => Promise<void>,
  enabled = true,
  accepting: () => boolean = always,
) {
  const handler = useRef(onScan);
  handler.current = onScan;
  const queue = useRef(Promise.resolve());
  const accepts = useRef(accepting);
  accepts.current = accepting;
  const enqueue = (code: string, scan?: SourcedScan) => {
    queue.current = queue.current
      .then(() => {
        // A scan that waited here while the one before it opened the next screen (a sheet) is that screen's.
        if (scan && !accepts.current()) handOverScan(scan);
        else return handler.current(code);
      })
      .catch(report);
    return queue.current;
  };
  useScanConsumerAt(
    (s) => {
      // A screen that is leaving leaves the scan for the screen it goes to.
      if (!accepting()) return false;
      void enqueue(s.data, s);
      return true;
    },
    route,
    enabled,
  );
  /** Puts a scan from the scan button into the same queue. */
  return (code: string) => enqueue(code);
}
