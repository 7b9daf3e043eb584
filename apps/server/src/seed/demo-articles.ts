import { compressUpcA, withCheckDigit } from '@mde/contracts';

// Fixed articles at the start of every firma's assortment, so API tests and e2e journeys can rely on
// them. The same EANs exist in firma 1 and firma 2 (one GTIN, two companies) under different ids.

const upcA = withCheckDigit('07300000005'); // compressible, so the article also scans as UPC-E
const upcE = compressUpcA(upcA) ?? '';

export interface DemoArticle {
  /** idartstamm in firma 1; firma 2 adds FIRMA2_ID_START - 1. */
  idartstamm: number;
  number: string;
  designation1: string;
  designation2: string;
  department: string;
  baseUnit: 'Stück' | 'kg';
  priceCents: number;
  ean13?: string;
  secondEan13?: string;
  ean8?: string;
  upcA?: string;
  upcE?: string;
  /** GTIN-14 (ITF-14) of the Karton. */
  caseCode?: string;
  caseFactor?: number;
  /** Article code in in-store weight EANs (gtin.ts layout). */
  plu?: string;
  /** Listed only in these vkforgs of firma 1 (default: all). */
  onlyVkforgs?: number[];
}

const milkEan = withCheckDigit('428100000001');
const juiceEan = withCheckDigit('428100000002');

export const DEMO_ARTICLES = {
  milk: {
    idartstamm: 1,
    number: '100001',
    designation1: 'Bio-Vollmilch 3,5 % 1 l',
    designation2: 'ohne Gentechnik',
    department: 'Molkerei',
    baseUnit: 'Stück',
    priceCents: 139,
    ean13: milkEan,
    secondEan13: withCheckDigit('428100000011'),
    caseCode: withCheckDigit(`1${milkEan.slice(0, 12)}`),
    caseFactor: 12,
  },
  appleJuice: {
    idartstamm: 2,
    number: '100002',
    designation1: 'Apfelsaft naturtrüb 1 l',
    designation2: 'Direktsaft',
    department: 'Getränke',
    baseUnit: 'Stück',
    priceCents: 179,
    ean13: juiceEan,
    caseCode: withCheckDigit(`1${juiceEan.slice(0, 12)}`),
    caseFactor: 6,
  },
  mints: {
    idartstamm: 3,
    number: '100003',
    designation1: 'Pfefferminzbonbons 50 g',
    designation2: 'zuckerfrei',
    department: 'Süßwaren',
    baseUnit: 'Stück',
    priceCents: 99,
    ean8: withCheckDigit('4281003'),
  },
  peanutButter: {
    idartstamm: 4,
    number: '100004',
    designation1: 'Erdnussbutter Creamy 340 g',
    designation2: 'Import USA',
    department: 'Trockensortiment',
    baseUnit: 'Stück',
    priceCents: 349,
    upcA,
    upcE,
  },
  gouda: {
    idartstamm: 5,
    number: '100005',
    designation1: 'Gouda jung am Stück',
    designation2: 'Preis je kg',
    department: 'Frischetheke',
    baseUnit: 'kg',
    priceCents: 1290,
    plu: '00001',
  },
  sausage: {
    idartstamm: 6,
    number: '100006',
    designation1: 'Fleischwurst Ring',
    designation2: 'Preis je kg',
    department: 'Frischetheke',
    baseUnit: 'kg',
    priceCents: 990,
    plu: '00002',
  },
  gingerbread: {
    idartstamm: 7,
    number: '100007',
    designation1: 'Lebkuchenherz 250 g',
    designation2: 'Saisonartikel',
    department: 'Süßwaren',
    baseUnit: 'Stück',
    priceCents: 299,
    ean13: withCheckDigit('428100000007'),
    onlyVkforgs: [11],
  },
} as const satisfies Record<string, DemoArticle>;

export const DEMO_ARTICLE_LIST: readonly DemoArticle[] = Object.values(DEMO_ARTICLES);

/** First idartstamm of firma 2, so the two firmas never share an id. */
export const FIRMA2_ID_START = 50_000_001;
