import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => <ModuleStepPage module="order-proposal" step={s} />;

export default function routes(): RouteObject[] {
  return [
    { index: true, element: step('list') },
    { path: 'liefertermin', element: step('deliveryDate') },
    {
      path: 'artikel-erfassen',
      children: [
        // Spec §2: the empty child of artikel-erfassen redirects to suche.
        { index: true, element: <Navigate to={paths.orderProposal.articleSearch} replace /> },
        { path: 'suche', element: step('articleSearch') },
        { path: ':idartstamm', element: step('articleCapture') },
      ],
    },
    // Spec §2: other paths redirect to the module root.
    { path: '*', element: <Navigate to={paths.orderProposal.root} replace /> },
  ];
}
