import { RETURNS_MSG, type ReturnReason } from '@mde/contracts';
import { useRef } from 'react';
import { notifyError } from '../../lib/notify';
import type { CaptureLineRow, CaptureScope } from '../../offline/captures/rows';
import type { CaptureArticleAnswer } from '../api/capture-article';
import { commitEntry, existingLine, type MergeMode } from '../commit-entry';
import { checkEntry, type EntryAction, type EntryForm, type EntryRules } from '../model/entry-form';

interface Options {
  scope: CaptureScope;
  article: CaptureArticleAnswer;
  rules: EntryRules;
  form: EntryForm;
  dispatch: (action: EntryAction) => void;
  /** The line a tap on the list opened for a correction; null for a scanned article. */
  editing: CaptureLineRow | null;
  remembered: Promise<ReturnReason | null>;
  /** The add-or-replace question for an article already on the list; null when the worker cancelled. */
  ask: (line: CaptureLineRow) => Promise<MergeMode | null>;
}

/**
 * Saves the entry as a line: checked by the model, then new, added to or replacing the line already on the
 * list. One save per entry: a scan that arrives while Enter's save is still running (or right after it, while
 * the screen is leaving) waits for that save, never starts a second one with its own question.
 */
export function useEntrySave({ scope, article, rules, form, dispatch, editing, remembered, ask }: Options) {
  const saved = useRef(false);
  const inFlight = useRef<Promise<boolean> | null>(null);

  /** False when the entry is refused or the worker cancelled the add-or-replace question. */
  const save = async (): Promise<boolean> => {
    // Enter right after the scan may come before the remembered reason is shown: it still counts.
    const checked = checkEntry(form.fields, rules, editing ? null : await remembered);
    if (!checked.ok) {
      dispatch({ type: 'refused', problems: checked.problems });
      // Said once, however often Enter or a scan meets the refusal: never a stack over the header.
      if (checked.problems.reason) notifyError(RETURNS_MSG.reasonRequired, { id: 'entry-reason-required' });
      return false;
    }
    const factor = article.units.find((u) => u.unit === form.fields.unit)?.factor ?? 1;
    const entry = { quantity: checked.quantity, unit: form.fields.unit, factor, ...checked.key };
    let target = editing ?? undefined;
    let mode: MergeMode = 'replace';
    if (!editing) {
      const existing = await existingLine(scope, article.idartstamm, checked.key);
      if (existing) {
        const answer = await ask(existing);
        if (answer === null) return false;
        target = existing;
        mode = answer;
      }
    }
    await commitEntry(scope, article, entry, target, mode);
    return true;
  };

  const saveOnce = (): Promise<boolean> => {
    if (saved.current) return Promise.resolve(true);
    inFlight.current ??= save().then((ok) => {
      saved.current = ok;
      inFlight.current = null;
      return ok;
    });
    return inFlight.current;
  };
  return { saveOnce, isSaved: () => saved.current };
}
