import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { GENERIC_PLAN_HINT, genericPlanQuery } from './generic-plans';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

const planMode = async (hint: string) => {
  const query = CompiledQuery.raw(`${hint}select current_setting($1) as mode`, ['plan_cache_mode']);
  return (await database.db.executeQuery(query as CompiledQuery<{ mode: string }>)).rows[0]?.mode;
};

describe('generic plans on PGlite (one session)', () => {
  it('forces the generic plan for hinted statements only', async () => {
    expect(genericPlanQuery(database.db)).toBeUndefined();
    expect(await planMode(GENERIC_PLAN_HINT)).toBe('force_generic_plan');
    expect(await planMode('')).toBe('auto');
  });

  it('leaves the session as it was when the hinted statement fails, in and out of a transaction', async () => {
    const failing = CompiledQuery.raw(`${GENERIC_PLAN_HINT}select 1 / $1::int as n`, [0]);
    await expect(database.db.executeQuery(failing)).rejects.toThrow(/division by zero/);
    expect(await planMode('')).toBe('auto');
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(
          (await trx.executeQuery(CompiledQuery.raw(`${GENERIC_PLAN_HINT}select $1::int as n`, [7]))).rows,
        ).toEqual([{ n: 7 }]);
        await trx.executeQuery(failing);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await planMode('')).toBe('auto');
  });

  it('keeps the generic setting between hinted statements, and undoes it for a plain one after a rollback', async () => {
    expect(await planMode(GENERIC_PLAN_HINT)).toBe('force_generic_plan');
    expect(await planMode(GENERIC_PLAN_HINT)).toBe('force_generic_plan');
    const rolledBack = new Error('rolled back');
    await expect(
      database.db.transaction().execute(async (trx) => {
        const query = CompiledQuery.raw('select current_setting($1) as mode', ['plan_cache_mode']);
        expect((await trx.executeQuery(query)).rows).toEqual([{ mode: 'auto' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // The rollback restored the generic setting that the plain statement inside had reset.
    expect(await planMode('')).toBe('auto');
    expect(await planMode(GENERIC_PLAN_HINT)).toBe('force_generic_plan');
  });
});
