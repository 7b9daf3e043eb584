import type { ArticleLookup, CachedArticle } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { CaptureScope } from '../../offline/captures/rows';
import { markScan } from '../../scanner';
import { captureArticleQuery, deviceArticleAtOnce } from '../api/capture-article';
import { watchKeptArticles } from '../api/kept-articles';
import type { CaptureModuleDef } from '../capture-module';
import { EntrySheetContext } from '../components/entry-sheet';

/**
 * How long a scan waits for the device's copy of the article before its screen opens anyway. The device answers
 * in a few milliseconds; an article it lacks is asked of the server, and the screen must not wait for that.
 */
export const DEVICE_READ_WAIT_MS = 250;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface OpenOptions {
  location: string | null;
  replace?: boolean;
  /** The offline cache's row the scan's lookup read: the form starts with it unless a kept copy wins. */
  cached?: CachedArticle | null;
}

/**
 * Opens the capture form of a scanned article. The form's article is there before the screen changes when the
 * device's copy answers (a count), so the form is drawn with the screen's first render instead of a loader
 * first and the form a database read later: the cache row the scan's lookup read is the form's article at
 * once when no kept server answer exists (kept-articles.ts), else the kept copy is read first. A module that
 * asks the server first (up to its deadline) opens the screen at once and the read goes on there, as it does
 * when the device's read takes longer than a moment.
 */
export function useOpenCapture(def: CaptureModuleDef, scope: CaptureScope | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSheet = useContext(EntrySheetContext);
  const module = def.info.key;
  const vkforgId = scope?.vkforgId;
  // Known before the first scan: which articles have a kept copy.
  useEffect(() => {
    if (vkforgId !== undefined) watchKeptArticles(module, vkforgId);
  }, [module, vkforgId]);
  return useCallback(
    async (lookup: ArticleLookup, options: OpenOptions) => {
      const id = lookup.article.idartstamm;
      if (scope) {
        const query = captureArticleQuery(def.info.key, scope.vkforgId, id, options.cached ?? undefined);
        const atOnce = options.cached && deviceArticleAtOnce(def.info.key, scope.vkforgId, id, options.cached);
        if (atOnce) queryClient.setQueryData(query.queryKey, atOnce);
        else {
          const read = queryClient.prefetchQuery(query);
          if (!def.info.formNeedsServerArticle) await Promise.race([read, delay(DEVICE_READ_WAIT_MS)]);
        }
        markScan('article');
      }
      markScan('navigate');
      const state = {
        unit: lookup.unit,
        factor: lookup.factor,
        quantity: lookup.quantity,
        location: options.location,
        // A GS1 code's batch (AI 10) and best-before date (AI 17) fill the form's fields.
        batch: lookup.gs1?.batch,
        bestBefore: lookup.gs1?.expiry,
      };
      // On the capture list the entry opens over it at once and the address follows (entry-sheet.tsx).
      if (showSheet && !options.replace) showSheet(id, state);
      else navigate(def.paths.articleCapture(id), { replace: options.replace, state });
    },
    [queryClient, navigate, def, scope, showSheet],
  );
}
