import { INVENTORY_COUNT_MSG } from '@mde/contracts';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { HeaderStepPage } from '../../capture/components/header-step-page';
import { loadHeader } from '../../capture/header-store';
import { paths } from '../../lib/paths';
import { inventoryCountDef as def } from './model/capture-def';
import { captureListRedirect } from './model/count-header';

export default function routes(): RouteObject[] {
  return [
    {
      // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
      element: <CaptureListPage def={def} headerMessage={INVENTORY_COUNT_MSG.headerMissing} />,
      children: [
        {
          index: true,
          element: null,
          // docs/spec.md §2: the capture list needs lager and belegdatum, otherwise /mde-inventur/start.
          loader: async () => {
            const to = captureListRedirect((await loadHeader(def.info.key))?.header);
            if (to) throw redirect(to);
            return null;
          },
        },
        entrySheetRoute(),
      ],
    },
    {
      path: 'start',
      element: <HeaderStepPage def={def} step="start" />,
    },
    { path: 'artikel-erfassen/suche', element: <ArticleSearchPage def={def} /> },
    { path: '*', element: <Navigate to={paths.inventoryCount.root} replace /> },
  ];
}
