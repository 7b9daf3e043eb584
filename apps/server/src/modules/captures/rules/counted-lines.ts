import type { LineWithArticle } from '../captures.repository';
import type { ArticleFacts } from './article-facts';

/** A stored line as the modules' export rules count it: article, quantity and the unit's factor. */
export const countedLine = (l: LineWithArticle) => ({
  articleId: l.article_id,
  quantity: l.quantity,
  factor: l.factor,
});

/** Article number and designation for a result row. */
export const articleNames = (facts: ReadonlyMap<number, ArticleFacts>, id: number) => ({
  articleNumber: facts.get(id)?.number ?? '',
  designation: facts.get(id)?.designation ?? '',
});
