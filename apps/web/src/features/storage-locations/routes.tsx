import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => (
  <ModuleStepPage module="storage-locations" step={s} />
);

export default function routes(): RouteObject[] {
  return [
    { path: 'select', element: step('storageSelect') },
    { path: ':id', element: step('storageLocation') },
    { path: ':id/product-search', element: step('storageProductSearch') },
    { path: ':id/products/:productId', element: step('storageProduct') },
    // Spec §2: other paths (the empty one included) redirect to select.
    { index: true, element: <Navigate to={paths.storageLocations.select} replace /> },
    { path: '*', element: <Navigate to={paths.storageLocations.select} replace /> },
  ];
}
