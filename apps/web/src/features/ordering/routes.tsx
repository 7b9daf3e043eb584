import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => <ModuleStepPage module="ordering" step={s} />;

export default function routes(): RouteObject[] {
  return [
    { index: true, element: step('list') },
    { path: 'start', element: step('start') },
    { path: 'artikel-erfassen/suche', element: step('articleSearch') },
    { path: 'artikel-erfassen/:idartstamm', element: step('articleCapture') },
    { path: '*', element: <Navigate to={paths.ordering.root} replace /> },
  ];
}
