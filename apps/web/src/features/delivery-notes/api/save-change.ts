import { toBase, type UserContext } from '@mde/contracts';
import { resolveScannedCode } from '../../../capture/api/resolve-code';
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

/**
 * A counted scan names its article when the device knows it (null: the server resolves the code later); a
 * refused one says why, or names the code no article carries (`unknownCode`), for the screen to say so.
 */
export type ScanResult =
  | { ok: true; articleId: number | null }
  | { ok: false; message: string }
  | { ok: false; unknownCode: string };

/**
 * A scanned article code, counted up on the note. The device's article cache says which article it is, so
 * the screen shows the count at once (offline too); a code the cache does not know is asked of the server for
 * a moment; one the server says no article carries is answered at once and not counted, and one it could
 * not be asked about (offline) is queued as read and the server decides. A misread is refused here, as the
 * server would.
 */
export async function saveScan(
  context: UserContext,
  note: { id: number; number: string },
  code: string,
): Promise<ScanResult> {
  const found = await resolveScannedCode(context.vkforgid, code).catch(() => null);
  if (found?.kind === 'misread') return { ok: false, message: found.message };
  if (found?.kind === 'unknown' && found.answered) return { ok: false, unknownCode: code.trim() };
  const lookup = found?.kind === 'found' ? found.lookup : null;
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
