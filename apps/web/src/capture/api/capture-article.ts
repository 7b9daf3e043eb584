import { CAPTURE_MSG, type CaptureArticle, type CaptureModule } from '@mde/contracts';
import { ApiError, apiFetch } from '../../lib/api-client';
import { getCachedArticle } from '../../offline/article-cache/search';
import { captureDb } from '../../offline/captures/capture-db';
import { captureEndpoints, isOffline } from './endpoints';

export type CaptureArticleAnswer = CaptureArticle & { offline: boolean };

/**
 * The article for the capture screen: from the server (fresh proposal and supplier terms), kept on the
 * device for the next time; without a connection the kept copy, else the offline article cache.
 */
export async function loadCaptureArticle(
  module: CaptureModule,
  vkforgId: number,
  articleId: number,
): Promise<CaptureArticleAnswer> {
  if (!isOffline()) {
    try {
      const article = await apiFetch<CaptureArticle>(captureEndpoints.article(module, articleId));
      void captureDb.articles.put({ ...article, module, vkforgId, fetchedAt: new Date().toISOString() });
      return { ...article, offline: false };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error;
    }
  }
  const kept = await captureDb.articles.get([module, vkforgId, articleId]);
  if (kept) return { ...kept, offline: true };
  const { db } = await import('../../offline/db');
  const cached = await getCachedArticle(db, vkforgId, articleId);
  if (!cached) throw new ApiError(CAPTURE_MSG.articleOffline, 0, 'NETWORK');
  const { row } = cached;
  return {
    idartstamm: row.idartstamm,
    number: row.number,
    designation1: row.designation1,
    designation2: row.designation2,
    baseUnit: row.baseUnit,
    units: row.units.map((u) => ({ unit: u.unit, factor: u.factor })).sort((a, b) => a.factor - b.factor),
    defaultUnit: row.baseUnit,
    supplier: null,
    supplierIds: [],
    proposal: null,
    offline: true,
  };
}
