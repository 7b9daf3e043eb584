import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { pgliteCopyBaseline } from './copy-baseline';
import { loadableColumns, loadOrder, rowsWrittenSince, transactionMark } from './db-probe';

// A catalogue in small: a child table hanging on its parent, a generated column COPY must leave out.
const SCHEMA = `
  create table parent (id int primary key, name text not null, search text generated always as (lower(name)) stored);
  create table child (id int primary key, parent_id int not null references parent (id), v int not null);
  insert into parent (id, name) values (1, 'Eins');`;

const open: DatabaseHandle[] = [];
async function database() {
  const handle = await openDatabase({});
  open.push(handle);
  await handle.execScript(SCHEMA);
  return handle;
}
afterEach(async () => {
  for (const handle of open.splice(0)) await handle.close();
});

describe('what an import wrote, read from the rows', () => {
  // Three PGlite instances start here: seconds each on a busy 2-core machine.
  it('counts rows inserted or updated after a mark, nothing when nothing was written, and copies them', {
    timeout: 180_000,
  }, async () => {
    const imported = await database();
    const db = imported.db;
    const mark = await transactionMark(db);
    const before = await imported.dumpDataDir?.();
    await sql`insert into parent (id, name) values (2, 'Zwei'), (3, 'Drei')`.execute(db);
    await sql`insert into child values (1, 1, 1), (2, 2, 1)`.execute(db);
    expect(await rowsWrittenSince(db, ['parent', 'child'], mark)).toEqual({ parent: 2, child: 2 });
    expect(await loadOrder(db, ['child', 'parent'])).toEqual(['parent', 'child']);
    expect(await loadableColumns(db, 'parent')).toEqual(['id', 'name']);

    // Into the database as it was at the mark, parents first, without the generated column.
    const after = await imported.dumpDataDir?.();
    if (!before || !after) throw new Error('PGlite dumps expected');
    const tables = [
      { name: 'parent', columns: ['id', 'name'] },
      { name: 'child', columns: ['id', 'parent_id', 'v'] },
    ];
    const copy = await pgliteCopyBaseline(after, before, tables, mark, { before: [], after: [] });
    expect(copy.rows).toBe(4);
    expect(copy.seconds).toBeGreaterThan(0);

    // An update writes the row again, even to the same values; reading writes nothing.
    const updated = await transactionMark(db);
    await sql`update parent set name = name where id = 1`.execute(db);
    expect(await rowsWrittenSince(db, ['parent', 'child'], updated)).toEqual({ parent: 1, child: 0 });
    const read = await transactionMark(db);
    await sql`select count(*) from child`.execute(db);
    expect(await rowsWrittenSince(db, ['parent', 'child'], read)).toEqual({ parent: 0, child: 0 });
  });
});
