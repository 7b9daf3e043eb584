import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifyInfo } from '../../lib/notify';
import { captureDb } from '../../offline/captures/capture-db';
import { addUnresolvedCode } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { feedback } from '../../scanner';
import { resolveScannedCode } from '../api/resolve-code';
import type { CaptureModuleDef } from '../capture-module';
import { useScanQueue } from './use-scan-queue';

interface Options {
  def: CaptureModuleDef;
  scope: CaptureScope;
  location: string | null;
  /** Called before the next article opens; false keeps the screen (the open entry is invalid). */
  beforeNext: () => Promise<boolean>;
}

/** Scans on the article capture screen and the search ('Weiter scannen'): the next article opens here. */
export function useArticleScans({ def, scope, location, beforeNext }: Options) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  return useScanQueue(async (code) => {
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
    if (!(await beforeNext())) {
      feedback.error();
      return;
    }
    feedback.ok();
    const { lookup } = found;
    navigate(def.paths.articleCapture(lookup.article.idartstamm), {
      replace: true,
      state: { unit: lookup.unit, factor: lookup.factor, quantity: lookup.quantity, location },
    });
  });
}
