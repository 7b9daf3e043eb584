import { CAPTURE_MSG, CAPTURE_QUANTITY_MAX, type CaptureModule } from '@mde/contracts';

export type QuantityCheck = { ok: true; value: number } | { ok: false; message: string };

// A count or a stock on hand of 0 is a real figure; an order or a return of 0 is not (server line-rules.ts).
const allowsZero = (module: CaptureModule) => module === 'mde-inventur' || module === 'mde-artikelvorrat';

/**
 * The quantity as typed on the device keypad (German decimal comma or point), checked by the same rules
 * the server applies, so a line is refused before it is saved rather than after the sync.
 */
export function checkQuantity(text: string, unit: string, module: CaptureModule): QuantityCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: CAPTURE_MSG.quantityPositive };
  const value = Number(trimmed);
  if ((trimmed.split('.')[1]?.length ?? 0) > 3) return { ok: false, message: CAPTURE_MSG.quantityDecimals };
  if (value > CAPTURE_QUANTITY_MAX) return { ok: false, message: CAPTURE_MSG.quantityTooLarge };
  if (value === 0 && !allowsZero(module)) return { ok: false, message: CAPTURE_MSG.quantityPositive };
  if (unit !== 'kg' && !Number.isInteger(value)) return { ok: false, message: CAPTURE_MSG.quantityWhole(unit) };
  return { ok: true, value };
}

/** Adds in thousandths, so 0.1 + 0.2 kg is 0.3 kg. */
export const addQuantities = (a: number, b: number) => Math.round(a * 1000 + b * 1000) / 1000;
