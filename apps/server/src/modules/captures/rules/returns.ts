import { CAPTURE_MSG } from '@mde/contracts';
import type { ArticleFacts } from './article-facts';

/** MODULES.md Retouren: returning an article the chosen supplier does not deliver is warned about. */
export function returnWarnings(article: Pick<ArticleFacts, 'supplierIds'>, supplierId: number): string[] {
  return article.supplierIds.has(supplierId) ? [] : [CAPTURE_MSG.supplierDoesNotDeliver];
}
