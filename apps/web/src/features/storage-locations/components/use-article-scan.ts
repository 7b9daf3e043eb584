import type { ArticleLookup } from '@mde/contracts';
import { useCallback, useRef } from 'react';
import { resolveScannedCode } from '../../../capture/api/resolve-code';
import { notifyError } from '../../../lib/notify';
import { feedback, isScanCancelled, scan, useScanConsumer } from '../../../scanner';

/**
 * Article scans of a screen (the scan button, or handheld hardware while the screen is the scan consumer),
 * resolved by the one article lookup (device cache first, then the server). Unknown codes are said.
 */
export function useArticleScan(vkforgId: number | undefined, onArticle: (lookup: ArticleLookup) => void) {
  const latest = useRef(onArticle);
  latest.current = onArticle;
  const queue = useRef(Promise.resolve());

  const handle = useCallback(
    async (code: string) => {
      if (!vkforgId) return;
      try {
        const result = await resolveScannedCode(vkforgId, code);
        if (result.kind === 'found') {
          feedback.ok();
          latest.current(result.lookup);
        } else {
          feedback.warning();
          notifyError(result.message);
        }
      } catch (error) {
        feedback.error();
        if (error instanceof Error) notifyError(error.message);
      }
    },
    [vkforgId],
  );

  useScanConsumer((s) => {
    queue.current = queue.current.then(() => handle(s.data));
    return true;
  });

  return useCallback(async () => {
    try {
      await handle((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error) && error instanceof Error) notifyError(error.message);
    }
  }, [handle]);
}
