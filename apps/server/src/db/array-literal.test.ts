import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArrayLiteral, textArrayLiteral } from './array-literal';
import { type DatabaseHandle, openDatabase } from './database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

describe('array literals', () => {
  it('reach PostgreSQL as the same texts, whatever they hold', async () => {
    const texts = ['04012345678901', '', 'A"1', 'back\\slash', '{x}', 'a,b', ' space ', 'NULL', 'ä€😀'];
    const { rows } = await sql<{ a: string[] }>`select ${textArrayLiteral(texts)}::text[] as a`.execute(database.db);
    expect(rows[0]?.a).toEqual(texts);
  });

  it('reach PostgreSQL as the same numbers, and empty arrays as empty', async () => {
    const { rows } = await sql<{ a: number[]; e: number[]; t: string[] }>`
      select ${intArrayLiteral([0, 7, -3, 2147483647])}::int[] as a, ${intArrayLiteral([])}::int[] as e,
             ${textArrayLiteral([])}::text[] as t`.execute(database.db);
    expect(rows[0]).toEqual({ a: [0, 7, -3, 2147483647], e: [], t: [] });
  });
});
