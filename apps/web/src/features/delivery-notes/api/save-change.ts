import { ARTICLE_ERROR_CODES, toBase, type UserContext } from '@mde/contracts';
import { lookupInCache } from '../../../articles/lookup';
import { enqueueNoteChange, type NewNoteChange } from '../offline/outbox';
import { ownerOf, syncNotesNow } from '../offline/outbox-runner';

/**
 * Every count, correction and booking goes through the outbox, online too: it is on disk before anything is
 * sent, and its change key makes a resend count once. The run starts at once; offline it waits.
 */
export async function saveNoteChange(context: UserContext, change: NewNoteChange): Promise<void> {
  await enqueueNoteChange(ownerOf(context), change);
  void syncNotesNow();
}

/** A counted scan names its article when the device knows it (null: the server resolves the code later). */
export type ScanResult = { ok: true; articleId: number | null } | { ok: false; message: string };

/**
 * A scanned article code, counted up on the note. The device's article cache says which article it is, so
 * the screen shows the count at once (offline too); a code the cache does not know is queued as read and the
 * server decides. A misread is refused here, as the server would.
 */
export async function saveScan(
  context: UserContext,
  note: { id: number; number: string },
  code: string,
): Promise<ScanResult> {
  const cached = await lookupInCache(context.vkforgid, code).catch(() => null);
  if (cached && !cached.ok && cached.code !== ARTICLE_ERROR_CODES.notFound)
    return { ok: false, message: cached.message };
  const lookup = cached?.ok ? cached.lookup : null;
  await saveNoteChange(context, {
    kind: 'scan',
    noteId: note.id,
    noteNumber: note.number,
    code,
    article: lookup
      ? {
          articleId: lookup.article.idartstamm,
          number: lookup.article.number,
          designation: lookup.article.designation1,
          baseUnit: lookup.article.baseUnit,
        }
      : null,
    base: lookup ? toBase(lookup.quantity, lookup.factor) : null,
    quantity: null,
  });
  return { ok: true, articleId: lookup?.article.idartstamm ?? null };
}
