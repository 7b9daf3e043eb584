import { type CachedArticle, compressUpcA, makeInStoreEan, withCheckDigit } from '@mde/contracts';

// Builders for the cache tests: valid codes made with the shared GTIN helpers.

export const ean13 = (body12: string) => withCheckDigit(body12);
export const ean8 = (body7: string) => withCheckDigit(body7);
export const upcA = (body11: string) => withCheckDigit(body11);
export const upcE = (upcACode: string) => {
  const e = compressUpcA(upcACode);
  if (!e) throw new Error(`no UPC-E form for ${upcACode}`);
  return e;
};
export const gtin14 = (code: string) => code.padStart(14, '0');
export { makeInStoreEan };

export function article(id: number, overrides: Partial<CachedArticle> = {}): CachedArticle {
  const code = ean13(`400000${String(id).padStart(6, '0')}`);
  return {
    idartstamm: id,
    number: String(100000 + id),
    designation1: `Artikel ${id}`,
    designation2: '',
    department: 'Trockensortiment',
    baseUnit: 'Stück',
    codes: [{ gtin14: gtin14(code), code, unit: 'Stück', factor: 1 }],
    scalePlu: null,
    units: [{ unit: 'Stück', factor: 1, weightGrams: null, isBase: true }],
    priceCents: 199,
    stockTotal: 10,
    stock: [{ warehouseId: 1101, quantity: 10 }],
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
