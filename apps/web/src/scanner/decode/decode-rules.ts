import type { ReadableFormat } from '@mde/contracts';

/** ITF lengths accepted by default (docs/spec.md §5); longer codes are accepted too, shorter ones are misreads. */
export const ITF_LENGTHS = [6, 8, 10, 12, 14] as const;

export function acceptsItfLength(length: number): boolean {
  return (ITF_LENGTHS as readonly number[]).includes(length) || (length > 14 && length % 2 === 0);
}

/**
 * An EAN-2/5 add-on carries meaning on Bookland (ISBN 978/979: price) and ISSN (977: issue) EAN-13 codes; on
 * other articles the main code identifies the item and a stray add-on would make the same article look new.
 */
export function keepsAddOn(format: ReadableFormat, text: string): boolean {
  return format === 'EAN_13' && /^97[789]/.test(text);
}

/** Strips the add-on digits that ZXing appends to the main text when the add-on is not kept. */
export function withoutAddOn(text: string, addOn: string): string {
  return addOn && text.endsWith(addOn) ? text.slice(0, -addOn.length) : text;
}

/** Reads the add-on from ZXing's `extra` JSON (`{"EanAddOn":"51299"}`); empty when there is none. */
export function addOnOf(extra: string): string {
  if (!extra.includes('EanAddOn')) return '';
  try {
    const v = JSON.parse(extra) as { EanAddOn?: unknown };
    return typeof v.EanAddOn === 'string' ? v.EanAddOn : '';
  } catch {
    return '';
  }
}
