import { captureLineFields, checkQuantity, RETURNS_MSG, type ReturnReason } from '@mde/contracts';
import { checkFields } from '../../lib/field-problems';
import { quantityText } from './entry-defaults';

/** What the worker fills in for one line, as the fields show it. */
export interface EntryFields {
  quantity: string;
  unit: string;
  location: string;
  reason: ReturnReason | null;
  batch: string;
  bestBefore: string;
}

/** Each field's German message when the save refused it. */
export type EntryProblems = Partial<Record<'quantity' | 'reason' | 'batch' | 'bestBefore', string>>;

/**
 * Why keys that would change the quantity are not taken: after a refused scan the digits are meant for the next
 * article; after a refusal for another field (no reason, a bad batch) the worker must act on that field first.
 * Either way 4 must never become 42.
 */
export type KeysHeld = 'scan' | 'refused' | null;

export interface EntryForm {
  fields: EntryFields;
  problems: EntryProblems;
  keysHeld: KeysHeld;
  /**
   * Counts the moments the quantity's text is to be selected, so the next key replaces it: the form opened
   * for a correction of a line, or the save refused the quantity itself.
   */
  selectQuantity: number;
}

/** The fields of a line as it is stored (the subset the form edits). */
export interface LineValues {
  quantity: number;
  unit: string;
  storageLocation: string | null;
  reason: ReturnReason | null;
  batch?: string | null;
  bestBefore?: string | null;
}

export type EntryAction =
  | { type: 'quantity'; value: string }
  | { type: 'edit'; field: 'unit' | 'location' | 'reason' | 'batch' | 'bestBefore'; value: string }
  | { type: 'correct'; line: LineValues }
  | { type: 'remembered'; reason: ReturnReason }
  | { type: 'proposal'; quantity: string; unit: string | null }
  | { type: 'refused'; problems: EntryProblems }
  | { type: 'scanRefused' }
  | { type: 'release' };

export function openEntry(fields: Partial<EntryFields> & Pick<EntryFields, 'quantity' | 'unit'>): EntryForm {
  return {
    fields: { location: '', reason: null, batch: '', bestBefore: '', ...fields },
    problems: {},
    keysHeld: null,
    selectQuantity: 0,
  };
}

const LOCATION_MAX = 40;

export function entryReducer(state: EntryForm, action: EntryAction): EntryForm {
  const fields = state.fields;
  switch (action.type) {
    case 'quantity': {
      const { quantity: _done, ...problems } = state.problems;
      return { ...state, fields: { ...fields, quantity: action.value.replace(/[^\d,.]/g, '') }, problems };
    }
    case 'edit': {
      // Acting on the form (the reason the save asked for, a batch) gives the keys back.
      const { [action.field as keyof EntryProblems]: _done, ...problems } = state.problems;
      const value =
        action.field === 'location'
          ? action.value.toUpperCase().slice(0, LOCATION_MAX)
          : action.field === 'reason'
            ? (action.value as ReturnReason)
            : action.value;
      return { ...state, fields: { ...fields, [action.field]: value }, problems, keysHeld: null };
    }
    case 'correct': {
      const line = action.line;
      return {
        fields: {
          quantity: quantityText(line.quantity),
          unit: line.unit,
          location: line.storageLocation ?? '',
          reason: line.reason,
          batch: line.batch ?? '',
          bestBefore: line.bestBefore ?? '',
        },
        problems: {},
        keysHeld: null,
        // A correction replaces the count: typing 9 over '1 Stück' saves 9, never 19.
        selectQuantity: state.selectQuantity + 1,
      };
    }
    case 'remembered':
      return fields.reason ? state : { ...state, fields: { ...fields, reason: action.reason } };
    case 'proposal':
      return {
        ...state,
        fields: { ...fields, quantity: action.quantity, unit: action.unit ?? fields.unit },
        keysHeld: null,
      };
    case 'refused':
      return {
        ...state,
        problems: action.problems,
        // A refused quantity is typed again over the selected text; a refusal elsewhere holds the keys.
        keysHeld: action.problems.quantity ? null : 'refused',
        selectQuantity: action.problems.quantity ? state.selectQuantity + 1 : state.selectQuantity,
      };
    case 'scanRefused':
      return fields.quantity.trim() === '' ? state : { ...state, keysHeld: state.keysHeld ?? 'scan' };
    case 'release':
      return state.keysHeld ? { ...state, keysHeld: null } : state;
  }
}

/** Which fields the module's line has (capture-module.ts): a field it lacks is saved as null. */
export interface EntryRules {
  allowsZero: boolean;
  showLocation: boolean;
  tracksBatch: boolean;
  hasReasons: boolean;
}

/** The line's key fields as they are saved: an empty field is null, a field the module lacks too. */
export function entryKey(fields: EntryFields, rules: EntryRules) {
  return {
    storageLocation: rules.showLocation ? fields.location.trim() || null : null,
    reason: rules.hasReasons ? fields.reason : null,
    batch: rules.tracksBatch ? fields.batch.trim() || null : null,
    bestBefore: rules.tracksBatch ? fields.bestBefore || null : null,
  };
}

/** The German message of a field's own rule (contracts), or undefined when the value passes. */
function fieldProblem(schema: Parameters<typeof checkFields>[0], value: unknown): string | undefined {
  const checked = checkFields(schema, value);
  return checked.ok ? undefined : Object.values(checked.problems)[0];
}

export type EntryCheck =
  | { ok: true; quantity: number; key: ReturnType<typeof entryKey> }
  | { ok: false; problems: EntryProblems };

/**
 * The form's rules, all at once so every refused field says why: the quantity (checkQuantity), the batch and
 * best-before date (the contracts' line fields) and, in Retouren, a reason. `remembered` is the reason the
 * line starts with when Enter came before it was shown.
 */
export function checkEntry(fields: EntryFields, rules: EntryRules, remembered: ReturnReason | null = null): EntryCheck {
  const key = entryKey(fields, rules);
  if (rules.hasReasons) key.reason ??= remembered;
  const quantity = checkQuantity(fields.quantity, fields.unit, rules);
  const problems: EntryProblems = {};
  if (!quantity.ok) problems.quantity = quantity.message;
  const batch = fieldProblem(captureLineFields.batch.input, key.batch);
  if (batch) problems.batch = batch;
  const bestBefore = fieldProblem(captureLineFields.bestBefore.input, key.bestBefore);
  if (bestBefore) problems.bestBefore = bestBefore;
  if (rules.hasReasons && !key.reason) problems.reason = RETURNS_MSG.reasonRequired;
  if (!quantity.ok || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, quantity: quantity.value, key };
}

/** What a scan made while the form is refused is told: the first thing the worker must still do. */
export const firstProblem = (problems: EntryProblems): string | null =>
  problems.reason ?? problems.quantity ?? problems.batch ?? problems.bestBefore ?? null;
