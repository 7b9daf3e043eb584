import { RETURNS_MSG, returnsHeaderProblem, returnsModule, supplierDelivers } from '@mde/contracts';
import type { CapturePolicy } from '../captures/capture-policy';
import type { ArticleFacts } from '../captures/rules/article-facts';

/** docs/modules.md#retouren: returning an article the chosen supplier does not deliver is warned about. */
export function returnWarnings(article: Pick<ArticleFacts, 'supplierIds'>, supplierId: number): string[] {
  return supplierDelivers(article.supplierIds, supplierId) ? [] : [RETURNS_MSG.supplierDoesNotDeliver];
}

/** Retouren: document date and supplier first, a reason per line; the return goes to the chosen supplier. */
export const returnsPolicy: CapturePolicy = {
  info: returnsModule,
  headerProblem: returnsHeaderProblem,
  checkLine: (line, article, header) => {
    if (!line.reason) return { refuse: RETURNS_MSG.reasonRequired };
    return { warnings: header.supplierId === null ? [] : returnWarnings(article, header.supplierId) };
  },
  planDocuments: async ({ capture, lines }) => [{ supplierId: capture.supplier_id, lines, result: null }],
};
