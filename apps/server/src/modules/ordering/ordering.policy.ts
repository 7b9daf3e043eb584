import {
  isBelowSupplierMinimum,
  minimumInBase,
  ORDERING_MSG,
  orderingHeaderProblem,
  orderingModule,
} from '@mde/contracts';
import { badRequest } from '../../lib/app-error';
import type { CapturePolicy } from '../captures/capture-policy';
import type { SupplierTerms } from '../captures/rules/article-facts';

const de = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** docs/modules.md#bestellung: a line below the supplier's minimum order is warned about, not refused. */
export function orderingWarnings(quantity: number, factor: number, supplier: SupplierTerms): string[] {
  if (!isBelowSupplierMinimum(quantity, factor, minimumInBase(supplier))) return [];
  return [ORDERING_MSG.belowSupplierMinimum(`${de.format(supplier.minOrderQuantity)} ${supplier.orderUnit}`)];
}

/** Export creates one order per supplier: lines grouped by their article's main supplier, in supplier order. */
export function groupBySupplier<T extends { supplierId: number }>(lines: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const line of [...lines].sort((a, b) => a.supplierId - b.supplierId)) {
    const group = groups.get(line.supplierId) ?? [];
    group.push(line);
    groups.set(line.supplierId, group);
  }
  return groups;
}

/** Bestellung: an order needs a main supplier per article and a Liefertermin before it leaves. */
export const orderingPolicy: CapturePolicy = {
  info: orderingModule,
  exportHeaderProblem: orderingHeaderProblem,
  checkLine: (line, article) => {
    const supplier = article.mainSupplier;
    if (!supplier) return { refuse: ORDERING_MSG.noSupplier };
    return { warnings: orderingWarnings(line.quantity, line.factor, supplier) };
  },
  planDocuments: async ({ lines, facts }) => {
    const withSupplier = lines.map((line) => {
      const supplierId = facts.get(line.article_id)?.mainSupplier?.id;
      if (supplierId === undefined) throw badRequest(`${ORDERING_MSG.noSupplier} (${line.article_number})`);
      return { ...line, supplierId };
    });
    return [...groupBySupplier(withSupplier)].map(([supplierId, group]) => ({
      supplierId,
      lines: group,
      result: null,
    }));
  },
};
