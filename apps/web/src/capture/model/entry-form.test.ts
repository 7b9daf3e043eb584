import { RETURNS_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { checkEntry, type EntryForm, type EntryRules, entryReducer, firstProblem, openEntry } from './entry-form';

const RETURNS: EntryRules = { allowsZero: false, showLocation: false, tracksBatch: false, hasReasons: true };
const STOCK: EntryRules = { allowsZero: true, showLocation: true, tracksBatch: true, hasReasons: false };

const typed = (quantity: string, more: Partial<EntryForm['fields']> = {}) =>
  openEntry({ quantity, unit: 'Stück', ...more });

describe('a line opened for a correction', () => {
  it('shows the line as it is and selects its count, so 9 typed replaces 1', () => {
    const form = entryReducer(typed(''), {
      type: 'correct',
      line: { quantity: 1.5, unit: 'Karton', storageLocation: 'A-01', reason: 'defekt', batch: 'L1', bestBefore: null },
    });
    expect(form.fields).toEqual({
      quantity: '1,5',
      unit: 'Karton',
      location: 'A-01',
      reason: 'defekt',
      batch: 'L1',
      bestBefore: '',
    });
    expect(form.selectQuantity).toBe(1);
  });
});

describe('a refused form holds the keys until the worker acts on it', () => {
  it('a missing reason holds them; choosing the reason gives them back', () => {
    const checked = checkEntry(typed('4').fields, RETURNS);
    expect(checked).toEqual({ ok: false, problems: { reason: RETURNS_MSG.reasonRequired } });
    const refused = entryReducer(typed('4'), { type: 'refused', problems: checked.ok ? {} : checked.problems });
    expect(refused.keysHeld).toBe('refused');
    expect(firstProblem(refused.problems)).toBe(RETURNS_MSG.reasonRequired);
    const acted = entryReducer(refused, { type: 'edit', field: 'reason', value: 'defekt' });
    expect(acted.keysHeld).toBeNull();
    expect(acted.problems).toEqual({});
  });

  it('a refused count is not held but selected, so the next keys retype it', () => {
    const refused = entryReducer(typed('0'), { type: 'refused', problems: { quantity: 'x' } });
    expect(refused.keysHeld).toBeNull();
    expect(refused.selectQuantity).toBe(1);
  });

  it('a tap on the field releases them', () => {
    const refused = entryReducer(typed('4'), { type: 'refused', problems: { reason: 'x' } });
    expect(entryReducer(refused, { type: 'release' }).keysHeld).toBeNull();
  });

  it('a refused scan holds them only when a count is typed', () => {
    expect(entryReducer(typed(''), { type: 'scanRefused' }).keysHeld).toBeNull();
    expect(entryReducer(typed('4'), { type: 'scanRefused' }).keysHeld).toBe('scan');
  });
});

describe('checkEntry', () => {
  it('takes the remembered reason when Enter came before it was shown', () => {
    expect(checkEntry(typed('2').fields, RETURNS, 'MHD abgelaufen')).toMatchObject({
      ok: true,
      quantity: 2,
      key: { reason: 'MHD abgelaufen' },
    });
  });

  it('says every refused field at once', () => {
    const checked = checkEntry(typed('', { batch: 'L\u0001', bestBefore: '2026-13-40' }).fields, STOCK);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.problems).sort()).toEqual(['batch', 'bestBefore', 'quantity']);
  });

  it('saves a field the module lacks as null and an empty one too', () => {
    const fields = typed('3', { location: ' ', batch: 'L7', reason: 'defekt' }).fields;
    expect(checkEntry(fields, STOCK)).toEqual({
      ok: true,
      quantity: 3,
      key: { storageLocation: null, reason: null, batch: 'L7', bestBefore: null },
    });
  });
});

describe('typing', () => {
  it('keeps digits and separators only; the location in capitals', () => {
    expect(entryReducer(typed(''), { type: 'quantity', value: '1a2,5' }).fields.quantity).toBe('12,5');
    expect(entryReducer(typed(''), { type: 'edit', field: 'location', value: 'a-01' }).fields.location).toBe('A-01');
  });

  it('the remembered reason never overrides one already chosen', () => {
    const chosen = typed('1', { reason: 'defekt' });
    expect(entryReducer(chosen, { type: 'remembered', reason: 'Überlieferung' }).fields.reason).toBe('defekt');
  });
});
