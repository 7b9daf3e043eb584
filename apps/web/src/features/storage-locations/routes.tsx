import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { LocationPage } from './components/location-page';
import { ProductDetailRoute } from './components/product-detail-page';
import { ProductSearchPage } from './components/product-search-page';
import { SelectPage } from './components/select-page';
import { StorageLayout } from './components/storage-layout';
import { ValidParams } from './components/valid-params';

/** docs/spec.md §2 storage-location: select; :id/product-search; :id/products/:productId; :id; others → select. */
export default function routes(): RouteObject[] {
  return [
    {
      element: <StorageLayout />,
      children: [
        { path: 'select', element: <SelectPage /> },
        {
          path: ':id',
          element: (
            <ValidParams>
              <LocationPage />
            </ValidParams>
          ),
        },
        {
          path: ':id/product-search',
          element: (
            <ValidParams>
              <ProductSearchPage />
            </ValidParams>
          ),
        },
        // Exact match (docs/spec.md §2): nothing below a product's path is a product detail.
        {
          path: ':id/products/:productId',
          element: (
            <ValidParams>
              <ProductDetailRoute />
            </ValidParams>
          ),
        },
      ],
    },
    { index: true, element: <Navigate to={paths.storageLocations.select} replace /> },
    { path: '*', element: <Navigate to={paths.storageLocations.select} replace /> },
  ];
}
