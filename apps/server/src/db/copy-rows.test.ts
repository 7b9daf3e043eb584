import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { copyRows } from './copy-rows';

const t = useTestApp();

describe('copyRows', () => {
  it('writes every value as it was given, in the caller transaction, on both databases', async () => {
    await sql`create table copy_probe (id int4, label text, note text, amount numeric(12, 3), flag bool, day date)`.execute(
      t.db,
    );
    const rows = [
      [1, '', null, 1.5, true, '2026-01-31'],
      [2, 'Zeile 1\nZeile 2\r\n"zitiert"; Komma, Tab\t', 'Backslash \\ und \\N', -0.25, false, null],
      [3, 'Steuerzeichen \u0001 \u0002 x', 'ÄÖÜß € 🍎', 0, null, '2026-12-01'],
      [4, null, '', null, true, '2026-02-28'],
    ] as const;
    await t.db.transaction().execute(async (trx) => {
      await copyRows(trx, 'copy_probe', ['id', 'label', 'note', 'amount', 'flag', 'day'], rows);
      // A second COPY in the same transaction starts from an empty staging table.
      await copyRows(trx, 'copy_probe', ['id', 'label'], [[5, 'fünf']]);
    });
    const stored = await sql<Record<string, unknown>>`select id, label, note, amount, flag, day::text as day
      from copy_probe order by id`.execute(t.db);
    expect(stored.rows).toEqual([
      ...rows.map(([id, label, note, amount, flag, day]) => ({ id, label, note, amount, flag, day })),
      { id: 5, label: 'fünf', note: null, amount: null, flag: null, day: null },
    ]);
    // Rolled back with the transaction it ran in.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await copyRows(trx, 'copy_probe', ['id'], [[6]]);
        throw new Error('zurück');
      }),
    ).rejects.toThrow('zurück');
    expect((await sql`select id from copy_probe where id = 6`.execute(t.db)).rows).toEqual([]);
  });
});
