import { deliveryNoteRoute } from '@mde/contracts/modules';

// The one place that builds route URLs (docs/conventions.md#web); the route table of docs/spec.md §2 in code.
const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, v);
  const str = s.toString();
  return str ? `?${str}` : '';
};
const id = (v: string | number) => encodeURIComponent(String(v));

/** artikel-erfassen children shared by the capture modules. */
const capture = (root: string) => ({
  root,
  articleSearch: `${root}/artikel-erfassen/suche`,
  articleCapture: (idartstamm: string | number) => `${root}/artikel-erfassen/${id(idartstamm)}`,
});

export const paths = {
  home: '/',
  login: (redirect?: string) => `/login${q({ redirect })}`,
  loginSettings: '/login/settings',
  forgotPassword: '/forgot-password',
  forgotPasswordReset: (params: { username?: string; token?: string } = {}) => `/forgot-password/reset${q(params)}`,
  settings: '/settings',
  settingsPwaInstall: '/settings#pwaInstall',
  scannerTest: '/settings/scanner-test',
  notifications: '/notifications',
  terminal: '/terminal',

  orderProposal: { ...capture('/mde-bestellvorschlag'), deliveryDate: '/mde-bestellvorschlag/liefertermin' },
  ordering: { ...capture('/mde-bestellung'), start: '/mde-bestellung/start' },
  inventoryCount: { ...capture('/mde-inventur'), start: '/mde-inventur/start' },
  goodsReceiptCheck: {
    ...capture('/mde-warenverprobung'),
    documents: '/mde-warenverprobung/belege',
    selectDocumentType: '/mde-warenverprobung/auswahl/belegart',
    orderDocumentEntry: '/mde-warenverprobung/auswahl/bestellung/belegeingabe',
    orderReferenceEntry: '/mde-warenverprobung/auswahl/bestellung/bezugsnummer',
    receiptDocumentEntry: '/mde-warenverprobung/auswahl/warenuebernahme/belegeingabe',
    receiptReferenceEntry: '/mde-warenverprobung/auswahl/warenuebernahme/bezugsnummer',
  },
  returns: { ...capture('/mde-retouren'), documentDate: '/mde-retouren/eingabe-belegdatum' },
  articleInfo: {
    root: '/artikel-info',
    favorites: '/artikel-info/favoriten',
    favoriteList: (listId: string | number) => `/artikel-info/favoriten/${id(listId)}`,
    searchHistory: '/artikel-info/suchverlauf',
    scanList: '/artikel-info/scan-liste',
    article: (articleId: string | number) => `/artikel-info/${id(articleId)}`,
  },
  giftCards: {
    root: '/gutscheinkarten',
    charge: '/gutscheinkarten/charge',
    existing: '/gutscheinkarten/existing',
    redeem: '/gutscheinkarten/redeem',
    dailyBalance: '/gutscheinkarten/daily-balance',
  },
  articleStock: { ...capture('/mde-artikelvorrat'), documentSelection: '/mde-artikelvorrat/beleg-auswahl' },
  // One note is addressed on the single screen by a query parameter (notifications link to it).
  deliveryNotes: { root: '/delivery-note-processing', note: (noteId: number) => deliveryNoteRoute(noteId) },
  storageLocations: {
    root: '/storage-location',
    select: '/storage-location/select',
    location: (locationId: string | number) => `/storage-location/${id(locationId)}`,
    productSearch: (locationId: string | number) => `/storage-location/${id(locationId)}/product-search`,
    product: (locationId: string | number, productId: string | number) =>
      `/storage-location/${id(locationId)}/products/${id(productId)}`,
  },
  // The admin area: one child per section (ADMIN_SECTIONS); each section adds its deeper paths here.
  admin: {
    root: '/admin',
    section: (section: string) => `/admin/${section}`,
    users: '/admin/users',
    user: (userId: string | number) => `/admin/users/${id(userId)}`,
    newUser: '/admin/users/new',
    stores: '/admin/stores',
    moduleSettings: '/admin/module-settings',
    devices: '/admin/devices',
    integration: '/admin/integration',
    auditLog: '/admin/audit-log',
  },
} as const;

/** docs/spec.md §4: logout stays on the page when the URL is under /terminal. */
export const isTerminalPath = (pathname: string) =>
  pathname === paths.terminal || pathname.startsWith(`${paths.terminal}/`);

/** Only same-app paths may be login redirect targets (no open redirect to other origins). */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return paths.home;
  return target;
}
