import {
  CAPTURE_MSG,
  type CachedArticle,
  type CaptureArticle,
  type CaptureModule,
  captureModuleInfo,
} from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client';
import { getCachedArticle } from '../../offline/article-cache/search';
import { captureDb } from '../../offline/captures/capture-db';
// Static on purpose: the form of a cached article must open without waiting for a chunk.
import { db } from '../../offline/db';
import { raceDeadline } from './deadline';
import { captureEndpoints, captureKeys, isOffline } from './endpoints';
import { knownWithoutKeptCopy, noteKeptArticle } from './kept-articles';

export type CaptureArticleAnswer = CaptureArticle & { offline: boolean };

/** How long the form waits for the server's fresh answer before it opens with the device's copy. */
export const SERVER_DEADLINE_MS = 1500;

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The form's article from the offline article cache's row: the units the device has, no server facts. */
function fromCacheRow(row: CachedArticle, offline: boolean): CaptureArticleAnswer {
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
    offline,
  };
}

/**
 * The device's copy: the answer kept from the server's last time, else the offline article cache. `offline` says
 * whether it stands in for an unreachable server (the form then says 'Offline: Angaben aus dem Gerätespeicher');
 * online it is only the quicker source and the form says nothing. `cached` is the cache's row a scan's lookup
 * has just read: it is not read again, only the kept copy is.
 */
async function deviceArticle(
  module: CaptureModule,
  vkforgId: number,
  articleId: number,
  offline: boolean,
  cached?: CachedArticle,
): Promise<CaptureArticleAnswer | null> {
  // Both reads start at once: a scan's form waits for the slower of two reads, not for their sum. The cache's
  // answer (or failure) counts only when the kept copy is missing, as before.
  const cachedRead = cached ? Promise.resolve(cached) : getCachedArticle(db, vkforgId, articleId).then((c) => c?.row);
  cachedRead.catch(() => undefined);
  const kept = await captureDb.articles.get([module, vkforgId, articleId]);
  if (kept) return { ...kept, offline };
  const row = await cachedRead;
  return row ? fromCacheRow(row, offline) : null;
}

const offlineError = () => new ApiError(CAPTURE_MSG.articleOffline, 0, 'NETWORK');

/**
 * The article for the capture screen. A module whose form needs the server's facts (fresh proposal, supplier
 * terms) asks the server and keeps the answer on the device for the next time; the form never waits on the
 * network: offline, unreachable, or slower than the deadline, the device's copy answers, and the server's
 * late answer is still kept for the next scan. The other modules open the form at once with the device's copy
 * (a count needs the units, which the device has) and ask the server only for an article it lacks.
 */
export async function loadCaptureArticle(
  module: CaptureModule,
  vkforgId: number,
  articleId: number,
  cached?: CachedArticle,
): Promise<CaptureArticleAnswer> {
  if (isOffline() || !captureModuleInfo(module).formNeedsServerArticle) {
    const device = await deviceArticle(module, vkforgId, articleId, isOffline(), cached);
    if (device) return device;
    if (isOffline()) throw offlineError();
  }
  const server = apiFetch<CaptureArticle>(captureEndpoints.article(module, articleId)).then((article) => {
    noteKeptArticle(module, vkforgId, articleId);
    void captureDb.articles.put({ ...article, module, vkforgId, fetchedAt: new Date().toISOString() });
    return { ...article, offline: false };
  });
  const first = await raceDeadline(server, SERVER_DEADLINE_MS);
  if (first.kind === 'value') return first.value;
  if (first.kind === 'error' && !isNetworkError(first.error)) throw first.error;
  // A slow server is still reachable: only one that could not be reached makes the copy an offline answer.
  const device = await deviceArticle(module, vkforgId, articleId, first.kind === 'error', cached);
  if (device) return device;
  // Nothing on the device: a slow server is still the only source, an unreachable one is not.
  if (first.kind === 'late') return server;
  throw offlineError();
}

/**
 * The form's article without any read, when the device's copy answers and it is the cache row a scan's lookup
 * has just read: the module opens from the device (or the device is offline) and no kept server answer exists
 * (kept-articles.ts knows). Null otherwise: then loadCaptureArticle reads, and a kept copy wins.
 */
export function deviceArticleAtOnce(
  module: CaptureModule,
  vkforgId: number,
  articleId: number,
  cached: CachedArticle,
): CaptureArticleAnswer | null {
  if (!isOffline() && captureModuleInfo(module).formNeedsServerArticle) return null;
  if (!knownWithoutKeptCopy(module, vkforgId, articleId)) return null;
  return fromCacheRow(cached, isOffline());
}

/**
 * The capture screen's article, also asked for by the scan that opens the screen (it starts the read, handing
 * over the cache's row its lookup read as `cached`).
 */
export const captureArticleQuery = (
  module: CaptureModule,
  vkforgId: number,
  articleId: number,
  cached?: CachedArticle,
) =>
  queryOptions({
    queryKey: captureKeys.article(module, vkforgId, articleId),
    queryFn: () => loadCaptureArticle(module, vkforgId, articleId, cached),
    staleTime: 60_000,
    retry: false,
  });
