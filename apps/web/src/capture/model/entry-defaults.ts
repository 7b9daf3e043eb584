import { type CaptureArticle, supplierDelivers } from '@mde/contracts';

/** German display of a quantity in the entry field (decimal comma). */
export const quantityText = (q: number) => String(q).replace('.', ',');

/** The unit an entry starts in: the scanned code's unit (a case code → Karton), else the module's default. */
export function startUnit(article: Pick<CaptureArticle, 'units' | 'defaultUnit'>, scannedUnit?: string): string {
  return scannedUnit && article.units.some((u) => u.unit === scannedUnit) ? scannedUnit : article.defaultUnit;
}

/**
 * The quantity an entry starts with: what the code implies (a weight, a GS1 count) when it is not 1, else the
 * 'Vorschlag' when the entry is in the proposal's unit, else empty for the user to type.
 */
export function startQuantity(article: Pick<CaptureArticle, 'proposal'>, unit: string, scannedQuantity?: number) {
  if (scannedQuantity !== undefined && scannedQuantity !== 1) return quantityText(scannedQuantity);
  const p = article.proposal;
  if (p && p.proposal > 0 && unit === p.unit) return quantityText(p.orderUnits);
  return '';
}

/** Retouren (docs/modules.md#retouren): the chosen supplier does not deliver the article. Unknown offline, so no warning. */
export function supplierDoesNotDeliver(
  article: Pick<CaptureArticle, 'supplierIds'> & { offline: boolean },
  supplierId: number | null | undefined,
): boolean {
  return !!supplierId && !article.offline && !supplierDelivers(article.supplierIds, supplierId);
}
