import { Navigate, type RouteObject } from 'react-router';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { HeaderStepPage } from '../../capture/components/header-step-page';
import { paths } from '../../lib/paths';
import { returnsDef as def, returnsHeaderMessage } from './model/capture-def';

export default function routes(): RouteObject[] {
  return [
    {
      // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
      element: <CaptureListPage def={def} headerMessage={returnsHeaderMessage} />,
      children: [{ index: true, element: null }, entrySheetRoute()],
    },
    {
      path: 'eingabe-belegdatum',
      element: <HeaderStepPage def={def} step="documentDate" />,
    },
    { path: 'artikel-erfassen/suche', element: <ArticleSearchPage def={def} /> },
    { path: '*', element: <Navigate to={paths.returns.root} replace /> },
  ];
}
