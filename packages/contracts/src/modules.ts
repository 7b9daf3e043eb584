import type { Permission, Role } from './permissions';

/** The app's modules: English name (docs/glossary.md), route as the spec writes it, what guards it. */
export const MODULES = [
  { name: 'order-proposal', route: 'mde-bestellvorschlag', title: 'Bestellvorschlag', permission: 'BESTELLVORSCHLAG' },
  { name: 'ordering', route: 'mde-bestellung', title: 'Bestellung', permission: 'BESTELLUNG' },
  { name: 'inventory-count', route: 'mde-inventur', title: 'Inventur', permission: 'INVENTUR' },
  {
    name: 'goods-receipt-check',
    route: 'mde-warenverprobung',
    title: 'Warenverprobung',
    permission: 'WARENVERPROBUNG',
  },
  { name: 'returns', route: 'mde-retouren', title: 'Retouren', permission: 'RETOUREN' },
  { name: 'article-info', route: 'artikel-info', title: 'Artikel-Info', permission: 'ARTIKELINFO' },
  { name: 'gift-cards', route: 'gutscheinkarten', title: 'Gutscheinkarte', permission: 'GUTSCHEINKARTE' },
  { name: 'article-stock', route: 'mde-artikelvorrat', title: 'Artikelvorrat', permission: 'ARTIKELVORRAT' },
  {
    name: 'delivery-notes',
    route: 'delivery-note-processing',
    title: 'Lieferscheine',
    permission: 'SOFTAPPS.DELIVERY_NOTE_EDIT',
    // Issue text: without the edit permission the screen is read-only, for the goods-receipt staff.
    readPermission: 'WARENVERPROBUNG',
  },
  {
    name: 'storage-locations',
    route: 'storage-location',
    title: 'Lagerplatz-Artikel',
    role: 'ROLE_LOCATIONASSIGNMENT_SERVICE',
  },
  { name: 'administration', route: 'admin', title: 'Administration', permission: 'ADMINISTRATION' },
] as const satisfies readonly {
  name: string;
  route: string;
  title: string;
  permission?: Permission;
  /** A permission that opens the module read-only. */
  readPermission?: Permission;
  role?: Role;
}[];
export type ModuleName = (typeof MODULES)[number]['name'];

export function mayUseModule(
  user: { permissions: readonly string[]; roles: readonly string[] },
  module: (typeof MODULES)[number],
): boolean {
  if ('role' in module) return user.roles.includes(module.role);
  if ('readPermission' in module && user.permissions.includes(module.readPermission)) return true;
  return user.permissions.includes(module.permission);
}

/** The query parameter that opens one delivery note in Lieferscheine. */
export const DELIVERY_NOTE_PARAM = 'beleg';
/**
 * The app route of one delivery note (a notification's tap opens it). Here with the routes, not beside the
 * delivery-note schemas: the app shell builds it and must not carry the schemas.
 */
export const deliveryNoteRoute = (id: number) => `/delivery-note-processing?${DELIVERY_NOTE_PARAM}=${id}`;
