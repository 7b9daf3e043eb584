import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { recordAudit } from './record-audit';

// The audit log is written only together with its change and never rewritten: recordAudit takes the
// caller's transaction, and the database itself refuses UPDATE, DELETE and TRUNCATE of audit_log.

const t = useTestApp();

const entry = (objectId: string) => ({
  actor: { system: 'test' },
  action: 'test.write',
  objectType: 'test',
  objectId,
  firmaId: null,
  after: { value: 1 },
});

const rows = (objectId: string) => t.db.selectFrom('audit_log').selectAll().where('object_id', '=', objectId).execute();

describe('recordAudit', () => {
  it('writes its row in the caller transaction: committed with it', async () => {
    await t.db.transaction().execute((trx) => recordAudit(trx, entry('commit-1')));
    const found = await rows('commit-1');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ actor: 'test', action: 'test.write', after: { value: 1 }, before: null });
  });

  it('a rolled-back transaction leaves no row', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAudit(trx, entry('rollback-1'));
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await rows('rollback-1')).toHaveLength(0);
  });
});

describe('audit_log is append-only in the database', () => {
  it.each([
    ['UPDATE', sql`update audit_log set action = 'rewritten'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('%s is refused', async (_name, statement) => {
    await t.db.transaction().execute((trx) => recordAudit(trx, entry('kept-1')));
    await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await rows('kept-1')).not.toHaveLength(0);
    expect((await rows('commit-1'))[0]?.action).toBe('test.write');
  });
});
