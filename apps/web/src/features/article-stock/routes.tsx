import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { requireModuleConfig } from '../../lib/module-config';
import { paths } from '../../lib/paths';
import { ConfigMissing } from './components/config-missing';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => <ModuleStepPage module="article-stock" step={s} />;

export default function routes(): RouteObject[] {
  return [
    {
      // Spec §2: every mde-artikelvorrat screen needs a loaded module config.
      id: 'article-stock-config',
      loader: requireModuleConfig,
      errorElement: <ConfigMissing />,
      children: [
        { index: true, element: step('capture') },
        { path: 'beleg-auswahl', element: step('documentSelection') },
        {
          path: 'artikel-erfassen',
          children: [
            // Spec §2: the empty child of artikel-erfassen redirects to suche.
            { index: true, element: <Navigate to={paths.articleStock.articleSearch} replace /> },
            { path: 'suche', element: step('articleSearch') },
            { path: ':idartstamm', element: step('articleCapture') },
          ],
        },
        // Spec §2: other paths redirect to /mde-artikelvorrat.
        { path: '*', element: <Navigate to={paths.articleStock.root} replace /> },
      ],
    },
  ];
}
