/** How many of the document's articles have at least one counted line, out of how many it lists. */
export function countCoverage(
  documentLines: readonly { articleId: number }[],
  counted: readonly { articleId: number }[],
): { counted: number; total: number } {
  const seen = new Set(counted.map((l) => l.articleId));
  const articles = new Set(documentLines.map((l) => l.articleId));
  return { counted: [...articles].filter((a) => seen.has(a)).length, total: articles.size };
}
