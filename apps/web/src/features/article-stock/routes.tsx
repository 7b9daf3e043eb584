import { Navigate, type RouteObject } from 'react-router';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { paths } from '../../lib/paths';
import { guardRunsAgain } from '../../session/guard-decisions';
import { requireModuleConfig } from '../../session/module-config';
import { ConfigMissing } from './components/config-missing';
import { DocumentSelectionPage } from './components/document-selection-page';
import { articleStockDef as def } from './model/capture-def';

export default function routes(): RouteObject[] {
  return [
    {
      // docs/spec.md §2: every mde-artikelvorrat screen needs a loaded module config.
      id: 'article-stock-config',
      loader: requireModuleConfig,
      shouldRevalidate: guardRunsAgain,
      errorElement: <ConfigMissing />,
      children: [
        {
          // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
          element: <CaptureListPage def={def} />,
          children: [{ index: true, element: null }, entrySheetRoute()],
        },
        { path: 'beleg-auswahl', element: <DocumentSelectionPage /> },
        {
          path: 'artikel-erfassen',
          children: [
            // docs/spec.md §2: the empty child of artikel-erfassen redirects to suche.
            { index: true, element: <Navigate to={paths.articleStock.articleSearch} replace /> },
            { path: 'suche', element: <ArticleSearchPage def={def} /> },
          ],
        },
        // docs/spec.md §2: other paths redirect to /mde-artikelvorrat.
        { path: '*', element: <Navigate to={paths.articleStock.root} replace /> },
      ],
    },
  ];
}
