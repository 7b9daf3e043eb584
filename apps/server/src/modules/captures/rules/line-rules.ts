import { CAPTURE_MSG, type CaptureLineInput, type CaptureModule, type ReturnReason } from '@mde/contracts';
import type { ArticleFacts } from './article-facts';
import { orderingWarnings } from './ordering';
import { hasAtMostThreeDecimals } from './quantities';
import { returnWarnings } from './returns';

export interface HeaderState {
  datum: string | null;
  lager: number | null;
  belegdatum: string | null;
  supplierId: number | null;
}
export interface LineContext {
  module: CaptureModule;
  header: HeaderState;
  /** FELD_LAGERORT = 'eingeblendet' for the module (spec §5). */
  showsStorageLocation: boolean;
}
export interface ValidLine {
  quantity: number;
  unit: string;
  factor: number;
  storageLocation: string | null;
  reason: ReturnReason | null;
  warnings: string[];
}
export type LineVerdict = { ok: true; line: ValidLine } | { ok: false; reason: string };

const refuse = (reason: string): LineVerdict => ({ ok: false, reason });
// A count or a stock on hand of 0 is a real figure; an order or a return of 0 is not.
const allowsZero = (module: CaptureModule) => module === 'mde-inventur' || module === 'mde-artikelvorrat';
const ordersFromSupplier = (module: CaptureModule) => module === 'mde-bestellung' || module === 'mde-bestellvorschlag';

/** Whether a line may be stored, and how: the module rules of MODULES.md "Per module" for one line. */
export function validateLine(
  input: CaptureLineInput,
  article: ArticleFacts | undefined,
  ctx: LineContext,
): LineVerdict {
  if (!article) return refuse(CAPTURE_MSG.unknownArticle);
  const headerProblem = missingHeader(ctx);
  if (headerProblem) return refuse(headerProblem);
  const { module } = ctx;
  if (!hasAtMostThreeDecimals(input.quantity)) return refuse(CAPTURE_MSG.quantityDecimals);
  if (input.quantity === 0 && !allowsZero(module)) return refuse(CAPTURE_MSG.quantityPositive);

  const supplier = article.mainSupplier;
  const defaultUnit =
    ordersFromSupplier(module) && supplier && article.units.has(supplier.orderUnit)
      ? supplier.orderUnit
      : article.baseUnit;
  const unit = input.unit ?? defaultUnit;
  const factor = article.units.get(unit);
  if (factor === undefined) return refuse(CAPTURE_MSG.unknownUnit(unit));
  // Only weighed goods come in fractions; pieces, cartons and pallets are counted whole.
  if (unit !== 'kg' && !Number.isInteger(input.quantity)) return refuse(CAPTURE_MSG.quantityWhole(unit));

  if (module === 'mde-retouren' && !input.reason) return refuse(CAPTURE_MSG.reasonRequired);
  if (module !== 'mde-retouren' && input.reason) return refuse(CAPTURE_MSG.reasonNotAllowed);
  if (module === 'mde-bestellung' && !supplier) return refuse(CAPTURE_MSG.noSupplier);

  const warnings: string[] = [];
  const location = input.storageLocation ? input.storageLocation : null;
  if (location && !ctx.showsStorageLocation) warnings.push(CAPTURE_MSG.storageLocationHidden);
  if (module === 'mde-bestellung' && supplier) warnings.push(...orderingWarnings(input.quantity, factor, supplier));
  if (module === 'mde-retouren' && ctx.header.supplierId !== null) {
    warnings.push(...returnWarnings(article, ctx.header.supplierId));
  }
  return {
    ok: true,
    line: {
      quantity: input.quantity,
      unit,
      factor,
      storageLocation: ctx.showsStorageLocation ? location : null,
      reason: input.reason ?? null,
      warnings,
    },
  };
}

/** Spec §5 / MODULES.md: Inventur needs lager and belegdatum, Retouren belegdatum and supplier first. */
export function missingHeader({ module, header }: Pick<LineContext, 'module' | 'header'>): string | undefined {
  if (module === 'mde-inventur' && (header.lager === null || header.belegdatum === null)) {
    return CAPTURE_MSG.inventoryHeaderMissing;
  }
  if (module === 'mde-retouren' && (header.supplierId === null || header.belegdatum === null)) {
    return CAPTURE_MSG.returnsHeaderMissing;
  }
  return undefined;
}
