import type { CaptureModule } from '@mde/contracts';
import Dexie, { liveQuery } from 'dexie';
import { type CaptureDatabase, captureDb } from '../../offline/captures/capture-db';

/**
 * Which articles have a kept server answer (captureDb.articles) per module and vkforg, held in memory so a
 * scan knows without a database read whether the form's article must come from the kept copy (it wins) or can
 * come from the cache row the scan's lookup has just read. A kept copy is never deleted, so the set only grows:
 * this tab adds an id before it writes the copy, and a live read of the keys adds what another tab writes.
 * Until the first read has answered the set is unknown and the form reads the kept copy as before.
 */
interface Kept {
  /** Null until the first read of the keys has answered. */
  ids: Set<number> | null;
  /** What this tab is writing: counted even if the read started before the write landed. */
  noted: Set<number>;
  watching: boolean;
}
const kept = new Map<string, Kept>();

const keyOf = (module: CaptureModule, vkforgId: number) => `${module}:${vkforgId}`;

function entryOf(module: CaptureModule, vkforgId: number): Kept {
  const key = keyOf(module, vkforgId);
  let entry = kept.get(key);
  if (!entry) {
    entry = { ids: null, noted: new Set(), watching: false };
    kept.set(key, entry);
  }
  return entry;
}

/** Starts keeping the set of one module and vkforg (once per session; a capture list calls it as it opens). */
export function watchKeptArticles(module: CaptureModule, vkforgId: number, db: CaptureDatabase = captureDb): void {
  const entry = entryOf(module, vkforgId);
  if (entry.watching) return;
  entry.watching = true;
  const keys = () =>
    db.articles
      .where('[module+vkforgId+idartstamm]')
      .between([module, vkforgId, Dexie.minKey], [module, vkforgId, Dexie.maxKey])
      .primaryKeys();
  liveQuery(keys).subscribe({
    next: (found) => {
      const ids = entry.ids ?? new Set<number>(entry.noted);
      for (const [, , id] of found) ids.add(id);
      entry.ids = ids;
    },
    // A set that may miss a copy must not be trusted: the form reads the kept copy again, and the next
    // capture list starts the set anew.
    error: () => kept.delete(keyOf(module, vkforgId)),
  });
}

/** This tab is about to keep the server's answer for the article. */
export function noteKeptArticle(module: CaptureModule, vkforgId: number, articleId: number): void {
  const entry = entryOf(module, vkforgId);
  entry.noted.add(articleId);
  entry.ids?.add(articleId);
}

/** True only when the set is known and has no kept copy of the article; false when there is one or it is unknown. */
export function knownWithoutKeptCopy(module: CaptureModule, vkforgId: number, articleId: number): boolean {
  const ids = kept.get(keyOf(module, vkforgId))?.ids;
  return ids !== null && ids !== undefined && !ids.has(articleId);
}

/** Tests start without any set. */
export function forgetKeptArticles(): void {
  kept.clear();
}
