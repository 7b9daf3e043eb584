import type { ModuleName } from '@mde/contracts';
import type { RouteObject } from 'react-router';

/** The lazy route module of each feature (format: see router.tsx); each becomes its own chunk. */
export const moduleRouteLoaders: Record<ModuleName, () => Promise<{ default: () => RouteObject[] }>> = {
  'order-proposal': () => import('../features/order-proposal/routes'),
  ordering: () => import('../features/ordering/routes'),
  'inventory-count': () => import('../features/inventory-count/routes'),
  'goods-receipt-check': () => import('../features/goods-receipt-check/routes'),
  returns: () => import('../features/returns/routes'),
  'article-info': () => import('../features/article-info/routes'),
  'gift-cards': () => import('../features/gift-cards/routes'),
  'article-stock': () => import('../features/article-stock/routes'),
  'delivery-notes': () => import('../features/delivery-notes/routes'),
  'storage-locations': () => import('../features/storage-locations/routes'),
  administration: () => import('../features/administration/routes'),
};
