import { describe, expect, it } from 'vitest';
import { fieldDiff } from './field-diff';

describe('fieldDiff', () => {
  it('lists every field of both sides, changed ones first', () => {
    expect(fieldDiff({ name: 'Alt', aktiv: true }, { name: 'Neu', aktiv: true, rolle: ['a'] })).toEqual([
      { field: 'name', label: 'Name', before: 'Alt', after: 'Neu', changed: true },
      { field: 'rolle', label: 'rolle', before: '–', after: 'a', changed: true },
      { field: 'aktiv', label: 'aktiv', before: 'ja', after: 'ja', changed: false },
    ]);
  });

  it('shows a created or removed object and a plain value', () => {
    expect(fieldDiff(null, { a: 1 })).toEqual([{ field: 'a', label: 'a', before: '–', after: '1', changed: true }]);
    expect(fieldDiff({ a: 1 }, null)).toEqual([{ field: 'a', label: 'a', before: '1', after: '–', changed: true }]);
    expect(fieldDiff(null, 5)).toEqual([{ field: 'Wert', label: 'Wert', before: '–', after: '5', changed: true }]);
    expect(fieldDiff(null, null)).toEqual([]);
  });

  it("names fields, permissions and roles in the store's words, not as codes", () => {
    const rows = fieldDiff(
      { module: 'mde-inventur', permissions: ['INVENTUR'] },
      {
        module: 'mde-inventur',
        permissions: ['SOFTAPPS.DELIVERY_NOTE_EDIT'],
        roles: ['ROLE_LOCATIONASSIGNMENT_SERVICE'],
      },
    );
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([
      ['Berechtigungen', 'Inventur', 'Lieferscheine bearbeiten'],
      ['Rollen', '–', 'Lagerplatz-Artikel'],
      ['Modul', 'Inventur', 'Inventur'],
    ]);
  });

  it('names a login lock by what it locked, with the words for its fields', () => {
    const rows = fieldDiff(null, { throttleKey: 'k1', lock: 'address', username: 'filiale', address: '10.0.0.7' });
    expect(rows.map((r) => [r.label, r.after])).toEqual([
      ['Sperrschlüssel', 'k1'],
      ['Gesperrt', 'die Adresse'],
      ['Benutzername', 'filiale'],
      ['Adresse', '10.0.0.7'],
    ]);
  });
});
