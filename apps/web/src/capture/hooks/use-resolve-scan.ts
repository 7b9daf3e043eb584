import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyInfo } from '../../lib/notify';
import type { CaptureScope } from '../../offline/captures/rows';
import { feedback } from '../../scanner';
import { type Resolution, resolveScannedCode } from '../api/resolve-code';
import { addUnresolvedCode } from './device-store';

/** A scan's article: the lookup, and the device's cached row of it when the cache answered. */
export type ScannedArticle = Omit<Extract<Resolution, { kind: 'found' }>, 'kind'>;

/**
 * A scanned code → its article, for every capture screen. A misread asks for another scan (error sound), a
 * delisted article says so (error sound); an unknown code goes to the open codes (warning sound) and answers null. A found article is not yet confirmed
 * by sound: the caller does that once it has taken the scan.
 */
export function useResolveScan(scope: CaptureScope | null) {
  const { t } = useTranslation('capture');
  return useCallback(
    async (code: string): Promise<ScannedArticle | null> => {
      if (!scope) return null;
      const found = await resolveScannedCode(scope.vkforgId, code).catch((e: unknown) => ({
        kind: 'misread' as const,
        message: e instanceof Error ? e.message : String(e),
      }));
      if (found.kind === 'misread') {
        feedback.error();
        notifyError(found.message, { title: t('scan.misread') });
        return null;
      }
      // Not an open code to settle later: the article is known and no longer captured.
      if (found.kind === 'delisted') {
        feedback.error();
        notifyError(found.message, { title: t('scan.delistedTitle') });
        return null;
      }
      if (found.kind === 'unknown') {
        feedback.warning();
        await addUnresolvedCode(scope, code);
        notifyInfo(t('scan.unknownCode', { code }), { title: t('scan.unknownTitle') });
        return null;
      }
      return { lookup: found.lookup, cached: found.cached };
    },
    [scope, t],
  );
}
