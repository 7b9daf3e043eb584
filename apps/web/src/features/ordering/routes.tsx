import { ORDERING_MSG } from '@mde/contracts';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { HeaderStepPage } from '../../capture/components/header-step-page';
import { loadHeader } from '../../capture/header-store';
import { paths } from '../../lib/paths';
import { orderingDef as def } from './model/capture-def';
import { orderListRedirect } from './model/order-header';

export default function routes(): RouteObject[] {
  return [
    {
      // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
      element: <CaptureListPage def={def} headerMessage={ORDERING_MSG.headerMissing} />,
      children: [
        {
          index: true,
          element: null,
          // The Liefertermin comes before the first scan (an order without it cannot be exported).
          loader: async () => {
            const to = orderListRedirect((await loadHeader(def.info.key))?.header);
            if (to) throw redirect(to);
            return null;
          },
        },
        entrySheetRoute(),
      ],
    },
    { path: 'start', element: <HeaderStepPage def={def} step="start" /> },
    { path: 'artikel-erfassen/suche', element: <ArticleSearchPage def={def} /> },
    { path: '*', element: <Navigate to={paths.ordering.root} replace /> },
  ];
}
