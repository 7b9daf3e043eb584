import type { ArticleSummary, AssignedArticle } from '@mde/contracts';

/** The article as the product screens carry it along (from a search hit or a scan). */
export const articleRefOf = (
  a: Pick<ArticleSummary, 'idartstamm' | 'number' | 'designation1' | 'designation2' | 'baseUnit'>,
): AssignedArticle => ({
  articleId: a.idartstamm,
  number: a.number,
  designation1: a.designation1,
  designation2: a.designation2,
  baseUnit: a.baseUnit,
});

/** Navigation state of the product route: the article known so far (offline it may be all there is). */
export interface ProductRouteState {
  article?: AssignedArticle;
}
