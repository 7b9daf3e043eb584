import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => <ModuleStepPage module="returns" step={s} />;

export default function routes(): RouteObject[] {
  return [
    { index: true, element: step('list') },
    { path: 'eingabe-belegdatum', element: step('documentDate') },
    { path: 'artikel-erfassen/suche', element: step('articleSearch') },
    { path: 'artikel-erfassen/:idartstamm', element: step('articleCapture') },
    { path: '*', element: <Navigate to={paths.returns.root} replace /> },
  ];
}
