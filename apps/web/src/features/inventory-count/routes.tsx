import { Navigate, type RouteObject, redirect } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';
import { CountStartPage } from './components/count-start-page';
import { captureListRedirect } from './model/count-header';
import { loadCountHeader } from './model/count-header-store';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => <ModuleStepPage module="inventory-count" step={s} />;

export default function routes(): RouteObject[] {
  return [
    {
      index: true,
      // Spec §2: the capture list needs lager and belegdatum, otherwise /mde-inventur/start.
      loader: () => {
        const to = captureListRedirect(loadCountHeader());
        if (to) throw redirect(to);
        return null;
      },
      element: step('list'),
    },
    { path: 'start', element: <CountStartPage /> },
    { path: 'artikel-erfassen/suche', element: step('articleSearch') },
    { path: 'artikel-erfassen/:idartstamm', element: step('articleCapture') },
    { path: '*', element: <Navigate to={paths.inventoryCount.root} replace /> },
  ];
}
