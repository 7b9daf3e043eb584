import { useCallback, useRef } from 'react';
import { notifyError } from '../../../lib/notify';
import { isScanCancelled, scan, useScanConsumer } from '../../../scanner';

/**
 * Card codes come from the scan button (camera, file) or from handheld scanner hardware while the screen
 * is open (the screen is the scan consumer, docs/spec.md §4); the newest one counts.
 */
export function useCardScan(onCode: (code: string) => void) {
  const latest = useRef(onCode);
  latest.current = onCode;

  useScanConsumer((s) => {
    latest.current(s.data);
    return true;
  });

  return useCallback(async () => {
    try {
      latest.current((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error) && error instanceof Error) notifyError(error.message);
    }
  }, []);
}
