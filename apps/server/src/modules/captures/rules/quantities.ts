// Quantities are numeric(12, 3) in the database: compute in thousandths so 0.1 + 0.2 stays 0.3.
const SCALE = 1000;
const toMilli = (value: number) => Math.round(value * SCALE);
const fromMilli = (milli: number) => milli / SCALE;

export const round3 = (value: number) => fromMilli(toMilli(value));
export const add = (a: number, b: number) => fromMilli(toMilli(a) + toMilli(b));
export const subtract = (a: number, b: number) => fromMilli(toMilli(a) - toMilli(b));
/** Quantity in a unit times the unit's factor: the amount in base units. */
export const toBase = (quantity: number, factor: number) => round3(quantity * factor);
export const hasAtMostThreeDecimals = (value: number) => Math.abs(value * SCALE - toMilli(value)) < 1e-6;

/** The smallest multiple of factor that is at least value (order units are bought whole). */
export function roundUpToFactor(value: number, factor: number): number {
  const step = toMilli(factor);
  if (step <= 0) return round3(value);
  return fromMilli(Math.ceil(toMilli(value) / step) * step);
}
