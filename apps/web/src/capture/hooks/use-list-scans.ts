import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifyInfo } from '../../lib/notify';
import { captureDb } from '../../offline/captures/capture-db';
import { addUnresolvedCode } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { feedback } from '../../scanner';
import { resolveScannedCode } from '../api/resolve-code';
import type { CaptureModuleDef } from '../capture-module';
import { commitEntry, existingLine } from '../commit-entry';
import { useScanQueue } from './use-scan-queue';

interface Options {
  def: CaptureModuleDef;
  scope: CaptureScope | null;
  /** Schnellerfassung: every scan is one more of the article, saved at once. */
  quick: boolean;
  location: string | null;
  /** Why lines cannot be captured yet (header missing), or null. */
  blocked: string | null;
}

/**
 * A scan on the capture list (MODULES.md): goes straight to the article, or in quick mode adds one at once.
 * Unknown codes go to the list of open codes; misreads ask for another scan.
 */
export function useListScans({ def, scope, quick, location, blocked }: Options) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  return useScanQueue(async (code) => {
    if (!scope) return;
    if (blocked) {
      feedback.error();
      notifyError(blocked);
      return;
    }
    const found = await resolveScannedCode(scope.vkforgId, code).catch((e: unknown) => ({
      kind: 'misread' as const,
      message: e instanceof Error ? e.message : String(e),
    }));
    if (found.kind === 'misread') {
      feedback.error();
      notifyError(found.message, { title: t('scan.misread') });
      return;
    }
    if (found.kind === 'unknown') {
      feedback.warning();
      await addUnresolvedCode(captureDb, scope, code);
      notifyInfo(t('scan.unknownCode', { code }), { title: t('scan.unknownTitle') });
      return;
    }
    const { lookup } = found;
    feedback.ok();
    if (!quick || def.reasons) {
      navigate(def.paths.articleCapture(lookup.article.idartstamm), {
        state: { unit: lookup.unit, factor: lookup.factor, quantity: lookup.quantity, location },
      });
      return;
    }
    const entry = {
      quantity: lookup.quantity,
      unit: lookup.unit,
      factor: lookup.factor,
      storageLocation: location,
      reason: null,
    };
    const existing = await existingLine(scope, lookup.article.idartstamm, entry);
    await commitEntry(scope, lookup.article, entry, existing, 'add');
  });
}
