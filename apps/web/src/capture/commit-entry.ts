import { type CaptureLineValues, lineValuesOf, type ReturnReason } from '@mde/contracts';
import { captureDb } from '../offline/captures/capture-db';
import { openLinesOfArticle } from '../offline/captures/capture-queries';
import { deleteLine, type LineDraft, listedLines, saveLine } from '../offline/captures/capture-store';
import { type CaptureLineRow, type CaptureScope, headerKey } from '../offline/captures/rows';
import { lastChosenReason } from './model/last-reason';
import { addToLine, findSameLine } from './model/line-merge';
import { popUndo, pushUndo } from './model/undo-stack';

export interface EntryArticle {
  idartstamm: number;
  number: string;
  designation1: string;
  baseUnit: string;
}
/** What the form decided for one line: the line's own values (captureLineFields in contracts). */
export type Entry = CaptureLineValues;
export type MergeMode = 'add' | 'replace';

/** The open capture's line for the same article, location and reason, if any. */
export async function existingLine(
  scope: CaptureScope,
  articleId: number,
  entry: Pick<Entry, 'storageLocation' | 'reason' | 'batch' | 'bestBefore'>,
) {
  const lines = await openLinesOfArticle(captureDb, scope, articleId);
  return findSameLine(lines, { articleId, ...entry });
}

/** The reason the next Retoure line starts with: that of the line saved last in the open capture, if any. */
export async function rememberedReason(scope: CaptureScope): Promise<ReturnReason | null> {
  return lastChosenReason(await listedLines(captureDb, scope).toArray());
}

/**
 * Saves one entry as a line: a new line, or added to / replacing the existing one (the user's answer to
 * the add-or-replace question). Remembers how the line was, for 'Letzten Scan rückgängig'.
 */
export async function commitEntry(
  scope: CaptureScope,
  article: EntryArticle,
  entry: Entry,
  existing: CaptureLineRow | undefined,
  mode: MergeMode,
): Promise<CaptureLineRow> {
  const merged = existing && mode === 'add' ? addToLine(existing, entry, article.baseUnit) : entry;
  const draft: LineDraft = {
    clientId: existing?.clientId ?? crypto.randomUUID(),
    articleId: article.idartstamm,
    articleNumber: article.number,
    designation: article.designation1,
    ...entry,
    ...merged,
    capturedAt: existing?.capturedAt ?? new Date().toISOString(),
  };
  const saved = await saveLine(captureDb, scope, draft);
  // For the scan-to-line benchmark and for profiling on devices: the moment the line is on disk.
  performance.mark('mde:line-saved');
  pushUndo(headerKey(scope), { clientId: saved.clientId, previous: existing ?? null });
  return saved;
}

/** 'Letzten Scan rückgängig': a scan that made a line deletes it; one that changed a line puts it back. */
export async function undoLastScan(scope: CaptureScope): Promise<boolean> {
  const record = popUndo(headerKey(scope));
  if (!record) return false;
  const { previous } = record;
  if (!previous) {
    await deleteLine(captureDb, record.clientId);
    return true;
  }
  await saveLine(captureDb, scope, {
    clientId: previous.clientId,
    articleId: previous.articleId,
    articleNumber: previous.articleNumber,
    designation: previous.designation,
    ...lineValuesOf(previous),
    capturedAt: previous.capturedAt,
  });
  return true;
}
