import { Navigate, type RouteObject } from 'react-router';
import { ArticleCapturePage } from '../../capture/components/article-capture-page';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { HeaderStepPage } from '../../capture/components/header-step-page';
import { paths } from '../../lib/paths';
import { returnsDef as def, returnsHeaderMessage } from './model/capture-def';

export default function routes(): RouteObject[] {
  return [
    { index: true, element: <CaptureListPage def={def} headerMessage={returnsHeaderMessage} /> },
    {
      path: 'eingabe-belegdatum',
      element: <HeaderStepPage def={def} step="documentDate" />,
    },
    { path: 'artikel-erfassen/suche', element: <ArticleSearchPage def={def} /> },
    { path: 'artikel-erfassen/:idartstamm', element: <ArticleCapturePage def={def} /> },
    { path: '*', element: <Navigate to={paths.returns.root} replace /> },
  ];
}
