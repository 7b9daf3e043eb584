import type { Department } from './article-catalogue';

/** One generated article before it is split into the rows of its tables. */
export interface ArticleDraft {
  id: number;
  index: number;
  /** One of DEMO_ARTICLES: fixed codes, price and listings. */
  fixed: boolean;
  number: string;
  designation1: string;
  designation2: string;
  department: Department;
  baseUnit: 'Stück' | 'kg';
  basePriceCents: number;
  scalePlu: string | null;
  codes: { gtin14: string; type: 'ean8' | 'upc_e' | 'upc_a' | 'ean13' | 'gtin14'; unit: string; factor: number }[];
  units: { unit: string; factor: number; weightGrams: number | null; isBase: boolean }[];
  caseFactor: number;
  /** Expected units sold per month in one store. */
  monthlyRate: number;
  onlyVkforgs?: readonly number[];
}
