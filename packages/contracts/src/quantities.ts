import { BOUND_MSG, MSG } from './messages';
import { z } from './zod';

/** German sentences for a refused quantity: every route and screen that takes a quantity says the same. */
export const QUANTITY_MSG = {
  positive: 'Die Menge muss größer als 0 sein',
  notNegative: 'Die Menge darf nicht negativ sein',
  decimals: 'Die Menge darf höchstens drei Nachkommastellen haben',
  whole: (unit: string) => `Die Menge in „${unit}“ muss eine ganze Zahl sein`,
  tooLarge: 'Die Menge ist zu groß',
} as const;
/** The largest quantity a device may count or a note may list. */
export const QUANTITY_MAX = 999_999;

// Quantities are numeric(12, 3) in the database: compute in thousandths so 0.1 + 0.2 stays 0.3.
const SCALE = 1000;
const toMilli = (value: number) => Math.round(value * SCALE);
const fromMilli = (milli: number) => milli / SCALE;

export const round3 = (value: number) => fromMilli(toMilli(value));
export const addQuantities = (a: number, b: number) => fromMilli(toMilli(a) + toMilli(b));
export const subtractQuantities = (a: number, b: number) => fromMilli(toMilli(a) - toMilli(b));
/** Quantity in a unit times the unit's factor: the amount in base units. */
export const toBase = (quantity: number, factor: number) => round3(quantity * factor);
export const hasAtMostThreeDecimals = (value: number) => Math.abs(value * SCALE - toMilli(value)) < 1e-6;

export interface QuantityInputOptions {
  /** Zero refused too (a delivered quantity); otherwise zero is a count like any other. */
  positive?: boolean;
  /**
   * The smallest value taken when it may be below zero (stock sold before its goods receipt was booked);
   * otherwise 0, refused with `notNegative`.
   */
  min?: number;
  max?: number;
  /** Another wording of the same refusals (storage locations speak of 'Wert'). */
  messages?: Partial<Record<'positive' | 'notNegative' | 'tooLarge' | 'decimals', string>>;
}

/**
 * Every quantity any route or import takes: a finite JSON number, never negative (or not below `min`), at most
 * three decimals (numeric(12, 3) in the database), refused with a German message and never rounded (0.0001 is
 * not 0, 2.00049 is not 2).
 */
export function quantityInputSchema(options: QuantityInputOptions = {}) {
  const messages = { ...QUANTITY_MSG, ...options.messages };
  const base = z.number({ error: MSG.invalidValue }).finite({ error: MSG.invalidValue });
  const min = options.min ?? 0;
  const bounded = options.positive
    ? base.positive({ error: messages.positive })
    : min < 0
      ? base.min(min, { error: BOUND_MSG.atLeast(min) })
      : base.min(0, { error: messages.notNegative });
  return bounded
    .max(options.max ?? QUANTITY_MAX, { error: messages.tooLarge })
    .refine(hasAtMostThreeDecimals, { error: messages.decimals });
}

/** The smallest multiple of factor that is at least value (order units are bought whole). */
export function roundUpToFactor(value: number, factor: number): number {
  const step = toMilli(factor);
  if (step <= 0) return round3(value);
  return fromMilli(Math.ceil(toMilli(value) / step) * step);
}

/**
 * Why a line's quantity in this unit may not be stored, or undefined: the one rule the device checks
 * before saving and the server checks again, so a line is refused before the sync rather than after it.
 */
export function quantityProblem(value: number, unit: string, module: { allowsZero: boolean }): string | undefined {
  if (!hasAtMostThreeDecimals(value)) return QUANTITY_MSG.decimals;
  if (value > QUANTITY_MAX) return QUANTITY_MSG.tooLarge;
  if (value === 0 && !module.allowsZero) return QUANTITY_MSG.positive;
  // Only weighed goods come in fractions; pieces, cartons and pallets are counted whole.
  if (unit !== 'kg' && !Number.isInteger(value)) return QUANTITY_MSG.whole(unit);
  return undefined;
}

export type QuantityCheck = { ok: true; value: number } | { ok: false; message: string };

/** The quantity as typed on the device keypad (German decimal comma or point), by quantityProblem's rules. */
export function checkQuantity(text: string, unit: string, module: { allowsZero: boolean }): QuantityCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: QUANTITY_MSG.positive };
  const value = Number(trimmed);
  if ((trimmed.split('.')[1]?.length ?? 0) > 3) return { ok: false, message: QUANTITY_MSG.decimals };
  const problem = quantityProblem(value, unit, module);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/** A supplier's minimum order (in order units) in base units. */
export const minimumInBase = (terms: { minOrderQuantity: number; orderFactor: number } | null) =>
  terms ? toBase(terms.minOrderQuantity, terms.orderFactor) : 0;

/** docs/modules.md#bestellung: an order below the supplier's minimum (both in base units) is warned about, not refused. */
export const isBelowSupplierMinimum = (quantity: number, factor: number, minimumBase: number) =>
  toBase(quantity, factor) < minimumBase;
