import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, rawAnswerBytes, readAnswer } from './pglite-wire';

const NUMERIC = 1700;
const parsers = { [NUMERIC]: (v: string) => Number(v) };
let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create('memory://', { parsers });
  await pglite.exec(`create table t (id int primary key, name text, amount numeric(8, 2), day date, tags text[]);
    insert into t values (1, 'Äpfel „Elstar“', 1.50, '2026-11-25', '{rot,süß}'), (2, null, null, null, null);
    listen mde_test;`);
});
afterAll(() => pglite.close());

/** One unnamed parse/bind/describe/execute/sync round, answered raw. */
async function raw(sql: string, values: (string | null)[] = []) {
  const s = protocol.serialize;
  const parts = [s.parse({ text: sql }), s.bind({ values }), s.describe({ type: 'P' }), s.execute({}), s.sync()];
  return readAnswer<Record<string, unknown>>(await rawAnswerBytes(pglite, concatBytes(parts)), pglite.parsers);
}

describe('PGlite wire answers', () => {
  it('reads rows, nulls, types and UTF-8 as PGlite itself does', async () => {
    const sql = 'select id, name, amount, day, tags, id > $1 as later from t order by id';
    const answer = await raw(sql, ['1']);
    const own = await pglite.query(sql, [1]);
    expect(answer.results.rows).toEqual(own.rows);
    expect(answer.results.rows[0]).toMatchObject({ name: 'Äpfel „Elstar“', amount: 1.5, tags: ['rot', 'süß'] });
    expect(answer.results.rows[1]).toEqual({ id: 2, name: null, amount: null, day: null, tags: null, later: true });
    expect(answer.results.fields.map((f) => f.name)).toEqual(['id', 'name', 'amount', 'day', 'tags', 'later']);
    expect(answer.status).toBe('I');
    expect(answer.error).toBeUndefined();
  });

  it('counts the rows a statement changed', async () => {
    const answer = await raw("update t set name = 'x' where id >= $1", ['1']);
    expect(answer.results.affectedRows).toBe(2);
    expect(answer.results.rows).toEqual([]);
  });

  it("reports PostgreSQL's error with its code and constraint", async () => {
    const answer = await raw('insert into t (id) values ($1)', ['1']);
    expect(answer.error?.code).toBe('23505');
    expect(answer.error?.constraint).toBe('t_pkey');
    expect(answer.error?.message).toContain('duplicate key');
    expect(answer.status).toBe('I');
  });

  it('reports the first error of an answer, not one that followed only because of it', async () => {
    const s = protocol.serialize;
    const parts = [s.query('begin'), s.query('select 1 / 0'), s.query('select 1'), s.query('rollback')];
    const answer = readAnswer(await rawAnswerBytes(pglite, concatBytes(parts)), pglite.parsers);
    expect(answer.error?.message).toBe('division by zero');
    expect(answer.status).toBe('I');
  });

  it('hands on the notifications raised by the statement', async () => {
    const answer = await raw("select pg_notify('mde_test', $1)", ['Benutzer 7']);
    expect(answer.notifications).toEqual([{ channel: 'mde_test', payload: 'Benutzer 7' }]);
  });
});
