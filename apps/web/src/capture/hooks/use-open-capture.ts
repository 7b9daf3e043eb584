import type { ArticleLookup } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CaptureScope } from '../../offline/captures/rows';
import { captureArticleQuery } from '../api/capture-article';
import type { CaptureModuleDef } from '../capture-module';

/**
 * Opens the capture form of a scanned article. The form's article is read before the screen changes when the
 * device's copy answers (a count), so the form is drawn with the screen's first render instead of a loader
 * first and the form a database read later. A module that asks the server first (up to its deadline) opens
 * the screen at once and the read goes on there.
 */
export function useOpenCapture(def: CaptureModuleDef, scope: CaptureScope | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (lookup: ArticleLookup, options: { location: string | null; replace?: boolean }) => {
      const id = lookup.article.idartstamm;
      if (scope) {
        const read = queryClient.prefetchQuery(captureArticleQuery(def.info.key, scope.vkforgId, id));
        if (!def.info.formNeedsServerArticle) await read;
      }
      navigate(def.paths.articleCapture(id), {
        replace: options.replace,
        state: { unit: lookup.unit, factor: lookup.factor, quantity: lookup.quantity, location: options.location },
      });
    },
    [queryClient, navigate, def, scope],
  );
}
