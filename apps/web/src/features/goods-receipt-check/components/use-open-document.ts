import { type DocumentVariant, HEADER_LOAD_FAILED } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { setHeader } from '../../../capture/hooks/device-store';
import { useCaptureScope } from '../../../capture/hooks/use-capture-scope';
import { notifyError } from '../../../lib/notify';
import { documentQuery } from '../api/documents';
import { goodsReceiptCheckDef as def } from '../model/capture-def';

/**
 * Loads the document's header (loadKopf, docs/spec.md §7) and makes it the capture's header (art and document), then
 * opens the capture list; docs/spec.md §8 when the header cannot be loaded.
 */
export function useOpenDocument() {
  const scope = useCaptureScope(def.info.key);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async (variante: DocumentVariant, id: number) => {
    if (!scope) return;
    setBusy(true);
    try {
      await queryClient.fetchQuery(documentQuery(variante, id));
    } catch {
      notifyError(HEADER_LOAD_FAILED);
      return;
    } finally {
      setBusy(false);
    }
    await setHeader(scope, { art: variante, documentId: id });
    navigate(def.paths.root);
  };
  return { open, busy, ready: scope !== null };
}
