import type { ArticleLookup } from '@mde/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupArticle } from '../../../articles/lookup';
import type { Sourced } from '../../../articles/offline-fallback';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { feedback, isScanCancelled, scan, useScanConsumer } from '../../../scanner';
import { lookupFailure } from '../model/lookup-outcome';

type OnFound = (answer: Sourced<ArticleLookup>, code: string) => void | Promise<void>;

/**
 * Scan → lookup by code for a screen: the scan button (any source) and hardware scans that arrive while no
 * scan is requested (the screen is the scan consumer, docs/spec.md §4). Unknown codes are said in German with a
 * warning sound; misreads ask to scan again with an error sound. `prefer: 'cache'` where the scan only opens the
 * article (its screen then asks the server): the device knows the code at once, the server only when the
 * device does not.
 */
export function useScanLookup(vkforgId: number, onFound: OnFound, prefer: 'server' | 'cache' = 'server') {
  const { t } = useTranslation('article-info');
  const [busy, setBusy] = useState(false);
  const found = useRef(onFound);
  found.current = onFound;
  // One scan after the other: two fast scans of the same article must count up, not race each other.
  const queue = useRef(Promise.resolve());

  const handle = useCallback(
    async (code: string) => {
      try {
        const answer = await lookupArticle(vkforgId, code, { prefer });
        feedback.ok();
        await found.current(answer, code);
      } catch (error) {
        const failure = lookupFailure(error, t('search.lookupFailed'));
        if (failure.kind === 'unknown') {
          feedback.warning();
          notifyInfo(t('search.unknownCode', { code }), { title: failure.message });
        } else {
          feedback.error();
          notifyError(failure.message);
        }
      }
    },
    [vkforgId, t, prefer],
  );

  useScanConsumer((s) => {
    queue.current = queue.current.then(() => handle(s.data));
    return true;
  });

  // Busy shows on the scan button while its scan is looked up; a hardware scan leaves the screen as it is, so
  // the next screen is not held up by drawing this one twice.
  const scanNow = useCallback(async () => {
    try {
      const result = await scan();
      setBusy(true);
      await handle(result.data);
    } catch (error) {
      if (!isScanCancelled(error)) notifyError(error instanceof Error ? error.message : t('search.lookupFailed'));
    } finally {
      setBusy(false);
    }
  }, [handle, t]);

  return { scanNow, busy };
}
