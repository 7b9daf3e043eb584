import { describe, expect, it } from 'vitest';
import { fieldDiff } from './field-diff';

describe('fieldDiff', () => {
  it('lists every field of both sides, changed ones first', () => {
    expect(fieldDiff({ name: 'Alt', aktiv: true }, { name: 'Neu', aktiv: true, rolle: ['a'] })).toEqual([
      { field: 'name', before: 'Alt', after: 'Neu', changed: true },
      { field: 'rolle', before: '–', after: '["a"]', changed: true },
      { field: 'aktiv', before: 'true', after: 'true', changed: false },
    ]);
  });

  it('shows a created or removed object and a plain value', () => {
    expect(fieldDiff(null, { a: 1 })).toEqual([{ field: 'a', before: '–', after: '1', changed: true }]);
    expect(fieldDiff({ a: 1 }, null)).toEqual([{ field: 'a', before: '1', after: '–', changed: true }]);
    expect(fieldDiff(null, 5)).toEqual([{ field: 'Wert', before: '–', after: '5', changed: true }]);
    expect(fieldDiff(null, null)).toEqual([]);
  });
});
