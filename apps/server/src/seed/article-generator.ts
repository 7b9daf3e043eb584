import { compressUpcA, toGtin14, withCheckDigit } from '@mde/contracts';
import { DEPARTMENTS, type Department, type ProductTemplate } from './article-catalogue';
import type { ArticleDraft } from './article-draft';
import { type ArticleBatch, emptyBatch, type FirmaLayout, relationRows } from './article-relations';

export type { ArticleDraft } from './article-draft';

import { DEMO_ARTICLE_LIST, type DemoArticle } from './demo-articles';
import { createRandom, type Random } from './random';

export { DEMO_ARTICLES, FIRMA2_ID_START } from './demo-articles';

/** What one generated article is before it becomes rows (exported for the relation builder and tests). */
// Collision-free code spaces: a multiplicative bijection on 10^k spreads consecutive indexes over the space.
const scramble = (index: number, modulus: number, multiplier: number) =>
  Number((BigInt(index) * BigInt(multiplier) + 7_654_321n) % BigInt(modulus));
const ean13For = (index: number) => withCheckDigit(`40${String(scramble(index, 1e10, 7_919_777)).padStart(10, '0')}`);
const ean8For = (index: number) => withCheckDigit(`40${String(scramble(index, 1e5, 37_337)).padStart(5, '0')}`);
const upcAFor = (index: number) => withCheckDigit(`06${String(scramble(index, 1e9, 104_729)).padStart(9, '0')}`);
const caseCodeFor = (itemGtin14: string) => withCheckDigit(`1${itemGtin14.slice(1, 13)}`);

/** A compressible UPC-A (UPC-E pattern with last digit 5–9), unique for index < 5000. */
function upcEFor(index: number) {
  const manufacturer = 10_000 + 10 * index + 1 + (index % 9);
  const upcA = withCheckDigit(`0${manufacturer}0000${5 + (index % 5)}`);
  return { upcA, upcE: compressUpcA(upcA) };
}

const roundPrice = (cents: number) => Math.max(9, Math.floor(cents / 10) * 10 + 9);

function weightOf(size: string): number {
  const match = /([0-9]+(?:,[0-9]+)?)\s*(kg|g|l|ml)\b/.exec(size);
  if (!match) return 250;
  const value = Number((match[1] ?? '0').replace(',', '.'));
  const unit = match[2];
  const grams = unit === 'kg' || unit === 'l' ? value * 1000 : value;
  const packs = /([0-9]+) x/.exec(size);
  return Math.round(grams * (packs ? Number(packs[1]) : 1) * 1.04);
}

function draftFromTemplate(rng: Random, layout: FirmaLayout, index: number): ArticleDraft {
  // Counter articles carry a 5-digit PLU (= index), so only the first 100,000 positions can be one.
  const counterWeight = index < 100_000 ? 0.3 : 0;
  const department = rng.weighted(DEPARTMENTS, (d) => (d.name === 'Frischetheke' ? counterWeight : 1));
  const product: ProductTemplate = rng.pick(department.products);
  const brand = rng.pick(product.brands ?? department.brands);
  const variety = rng.pick(product.varieties);
  const size = rng.pick(product.sizes);
  const showBrand = brand !== '' && brand !== 'Theke' && brand !== 'Bio';
  const name = brand === 'Bio' ? `Bio-${product.name}` : product.name;
  const designation1 = [showBrand ? brand : '', name, variety, size].filter(Boolean).join(' ');
  const basePriceCents = roundPrice(rng.int(product.price[0], product.price[1]));
  const id = layout.idStart + index;
  const draft: ArticleDraft = {
    id,
    index,
    fixed: false,
    number: String(layout.numberStart + index),
    designation1,
    designation2: rng.pick(department.notes),
    department,
    baseUnit: product.byWeight ? 'kg' : 'Stück',
    basePriceCents,
    scalePlu: product.byWeight ? String(index).padStart(5, '0') : null,
    codes: [],
    units: [],
    caseFactor: product.byWeight ? 1 : rng.pick(product.caseFactors),
    monthlyRate: Math.max(2, (4000 / basePriceCents) * rng.float(0.4, 1.6)),
  };
  const weight = product.byWeight ? 1000 : weightOf(size);
  draft.units.push({ unit: draft.baseUnit, factor: 1, weightGrams: weight, isBase: true });
  if (product.byWeight) return draft;

  // Mostly EAN-13; some EAN-8, UPC-A and UPC-E (imports) while their smaller code spaces last.
  const kind = rng.float(0, 1);
  let item = toGtin14(ean13For(index));
  let type: ArticleDraft['codes'][number]['type'] = 'ean13';
  if (kind >= 0.9 && kind < 0.95 && index < 100_000) [item, type] = [toGtin14(ean8For(index)), 'ean8'];
  else if (kind >= 0.95 && kind < 0.98) [item, type] = [toGtin14(upcAFor(index)), 'upc_a'];
  else if (kind >= 0.98 && index < 5000) [item, type] = [toGtin14(upcEFor(index).upcA), 'upc_e'];
  draft.codes.push({ gtin14: item, type, unit: draft.baseUnit, factor: 1 });
  if (rng.chance(0.2))
    draft.codes.push({ gtin14: toGtin14(ean13For(index + 5e9)), type: 'ean13', unit: draft.baseUnit, factor: 1 });
  if (draft.caseFactor > 1 && rng.chance(0.75)) {
    draft.units.push({
      unit: 'Karton',
      factor: draft.caseFactor,
      weightGrams: weight * draft.caseFactor + 300,
      isBase: false,
    });
    draft.codes.push({ gtin14: caseCodeFor(item), type: 'gtin14', unit: 'Karton', factor: draft.caseFactor });
    if (rng.chance(0.3)) {
      const cases = rng.int(40, 120);
      draft.units.push({ unit: 'Palette', factor: draft.caseFactor * cases, weightGrams: null, isBase: false });
    }
  }
  return draft;
}

function draftFromDemo(demo: DemoArticle, layout: FirmaLayout, index: number): ArticleDraft {
  const department = DEPARTMENTS.find((d) => d.name === demo.department) ?? (DEPARTMENTS[0] as Department);
  const codes: ArticleDraft['codes'] = [];
  const add = (
    code: string | undefined,
    type: ArticleDraft['codes'][number]['type'],
    unit: string = demo.baseUnit,
    factor = 1,
  ) => {
    if (code) codes.push({ gtin14: toGtin14(code), type, unit, factor });
  };
  add(demo.ean13, 'ean13');
  add(demo.secondEan13, 'ean13');
  add(demo.ean8, 'ean8');
  // A UPC-E article's code is stored once (as its UPC-A); scans in either form normalise to it.
  add(demo.upcA, demo.upcE ? 'upc_e' : 'upc_a');
  add(demo.caseCode, 'gtin14', 'Karton', demo.caseFactor);
  const units: ArticleDraft['units'] = [
    {
      unit: demo.baseUnit,
      factor: 1,
      weightGrams: demo.baseUnit === 'kg' ? 1000 : weightOf(demo.designation1),
      isBase: true,
    },
  ];
  if (demo.caseFactor) {
    units.push({ unit: 'Karton', factor: demo.caseFactor, weightGrams: null, isBase: false });
    units.push({ unit: 'Palette', factor: demo.caseFactor * 80, weightGrams: null, isBase: false });
  }
  return {
    id: layout.idStart + index,
    index,
    fixed: true,
    number: demo.number,
    designation1: demo.designation1,
    designation2: demo.designation2,
    department,
    baseUnit: demo.baseUnit,
    basePriceCents: demo.priceCents,
    scalePlu: demo.plu ?? null,
    codes,
    units,
    caseFactor: demo.caseFactor ?? 1,
    monthlyRate: 60,
    onlyVkforgs: layout.firmaId === 1 ? demo.onlyVkforgs : undefined,
  };
}

/** The article at position `index` of a firma: the same every time for the same seed. */
export function draftArticle(layout: FirmaLayout, index: number): ArticleDraft {
  const demo = DEMO_ARTICLE_LIST[index];
  if (demo) return draftFromDemo(demo, layout, index);
  return draftFromTemplate(createRandom(layout.seed, index), layout, index);
}

/**
 * Deterministic articles of one firma with all their rows, in batches for chunked bulk inserts
 * (the 1,000,000-article scale database streams through here without holding it in memory).
 */
export function* generateArticleBatches(layout: FirmaLayout, batchSize = 1000): Generator<ArticleBatch> {
  for (let start = 0; start < layout.count; start += batchSize) {
    const batch = emptyBatch();
    const end = Math.min(layout.count, start + batchSize);
    for (let index = start; index < end; index++) {
      const draft = draftArticle(layout, index);
      relationRows(draft, layout, createRandom(layout.seed ^ 0x5eed, index), batch);
    }
    yield batch;
  }
}
