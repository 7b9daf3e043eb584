import type { ModuleName } from '@mde/contracts';
import {
  IconClipboardList,
  IconFileInvoice,
  IconGift,
  IconInfoCircle,
  IconListCheck,
  IconMapPin,
  IconPackageImport,
  IconPackages,
  IconShieldLock,
  IconShoppingCart,
  IconTruckReturn,
} from '@tabler/icons-react';

// docs/spec.md §2 menu: 'Artikelvorrat' has the boxes icon; the others are our choice.
const moduleIcons: Partial<Record<ModuleName, typeof IconPackages>> = {
  'order-proposal': IconClipboardList,
  ordering: IconShoppingCart,
  'inventory-count': IconListCheck,
  'goods-receipt-check': IconPackageImport,
  returns: IconTruckReturn,
  'article-info': IconInfoCircle,
  'gift-cards': IconGift,
  'article-stock': IconPackages,
  'delivery-notes': IconFileInvoice,
  'storage-locations': IconMapPin,
  administration: IconShieldLock,
};

/** The module's menu icon; a new module shows the list icon until it has its own. */
export const moduleIcon = (name: ModuleName) => moduleIcons[name] ?? IconClipboardList;

/** The module's start URL: storage locations start at select (docs/spec.md §2), the others at their root. */
export const moduleHref = (route: string) => (route === 'storage-location' ? '/storage-location/select' : `/${route}`);
