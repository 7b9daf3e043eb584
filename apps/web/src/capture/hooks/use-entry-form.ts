import type { ReturnReason } from '@mde/contracts';
import { useEffect, useReducer, useState } from 'react';
import type { CaptureLineRow, CaptureScope } from '../../offline/captures/rows';
import type { CaptureArticleAnswer } from '../api/capture-article';
import type { CaptureModuleDef } from '../capture-module';
import { rememberedReason } from '../commit-entry';
import { startQuantity, startUnit } from '../model/entry-defaults';
import { entryReducer, openEntry } from '../model/entry-form';
import { lineByClientId } from './device-store';

/** Where the capture screen was opened from: a scan (unit and quantity of the code) or the list (edit). */
export interface CaptureNavState {
  clientId?: string;
  unit?: string;
  factor?: number;
  quantity?: number;
  location?: string | null;
  /** Batch and best-before date a GS1 code carried (AI 10, AI 17). */
  batch?: string;
  bestBefore?: string;
}

/**
 * The entry of one line (model/entry-form.ts): filled by the scan that opened it, or by the line a tap on the
 * list opened for a correction, then by the worker.
 */
export function useEntryForm(
  def: CaptureModuleDef,
  scope: CaptureScope,
  article: CaptureArticleAnswer,
  nav: CaptureNavState,
) {
  const [form, dispatch] = useReducer(entryReducer, null, () => {
    const unit = startUnit(article, nav.unit);
    return openEntry({
      unit,
      quantity: startQuantity(article, unit, nav.quantity),
      location: nav.location ?? '',
      batch: nav.batch ?? '',
      bestBefore: nav.bestBefore ?? '',
    });
  });
  const [editing, setEditing] = useState<CaptureLineRow | null>(null);
  // A Retoure line starts with the reason last chosen in this Retoure (read from its lines, so a reload keeps it).
  const [remembered] = useState<Promise<ReturnReason | null>>(() =>
    def.info.hasReasons && !nav.clientId ? rememberedReason(scope) : Promise.resolve(null),
  );
  // Editing from the list: the line as it is. An article already on the list is asked about on save (Enter),
  // never on opening: the worker types the count first, as for any article, and keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opened article
  useEffect(() => {
    void (async () => {
      if (!nav.clientId) {
        const last = await remembered;
        if (last) dispatch({ type: 'remembered', reason: last });
        return;
      }
      const line = await lineByClientId(nav.clientId);
      if (!line) return;
      setEditing(line);
      dispatch({ type: 'correct', line });
    })();
  }, []);
  return { form, dispatch, editing, remembered };
}
