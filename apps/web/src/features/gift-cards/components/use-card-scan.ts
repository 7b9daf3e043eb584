import { useCallback, useEffect, useRef } from 'react';
import { notifyError } from '../../../lib/notify';
import { isScanCancelled, readScanBuffer, scan, subscribeScanBuffer } from '../../../scanner';

/**
 * Card codes come from the scan button (camera, file) or from handheld scanner hardware while the screen
 * is open (scans without a pending request land in the scan buffer, spec §4); the newest one counts.
 */
export function useCardScan(onCode: (code: string) => void) {
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(
    () =>
      subscribeScanBuffer(() => {
        const newest = readScanBuffer().at(-1);
        if (newest) latest.current(newest.data);
      }),
    [],
  );

  return useCallback(async () => {
    try {
      latest.current((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error) && error instanceof Error) notifyError(error.message);
    }
  }, []);
}
