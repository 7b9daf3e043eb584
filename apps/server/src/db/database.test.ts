import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { notPrivate, openUp } from '../test/file-modes';
import { createTestDatabase } from '../test/test-app';
import { openDatabase } from './database';
import { genericPlanQuery } from './generic-plans';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('openDatabase on PGlite', () => {
  it("keeps DATA_DIR its owner's alone: the directory 0700, every file 0600, also when it was opened up before", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mde-modes-')), 'data');
    try {
      const fresh = await openDatabase({ dataDir });
      await fresh.execScript('create table private_probe (x int); insert into private_probe values (1); checkpoint');
      expect(notPrivate(dataDir)).toEqual([]);
      await fresh.close();
      openUp(dataDir);
      const again = await openDatabase({ dataDir });
      try {
        expect(notPrivate(dataDir)).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe.skipIf(!adminUrl)('openDatabase on PostgreSQL', () => {
  it('keeps working when PostgreSQL ends its idle connections', async () => {
    const created = await createTestDatabase(adminUrl as string);
    const log = { warn: vi.fn() };
    const database = await openDatabase({ databaseUrl: created.url, log });
    try {
      // Several pool connections, idle afterwards.
      await Promise.all([1, 2, 3].map((n) => sql`select pg_sleep(0.05), ${n}::int as n`.execute(database.db)));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        created.name,
      ]);
      expect(ended.rowCount).toBeGreaterThan(0);
      // pg_terminate_backend only signals: the query runs once every backend is really gone, as after a restart.
      await vi.waitFor(async () => {
        const left = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          created.name,
        ]);
        expect(left.rows[0].n).toBe(0);
      });
      await admin.end();
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalled());
      expect(log.warn.mock.calls[0]?.[1]).toBe('database connection lost while idle');
      const { rows } = await sql<{ n: number }>`select 42 as n`.execute(database.db);
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      await database.close();
      await created.drop();
    }
  });

  it('forces generic plans on the connections of the hot statements only, and not inside a transaction', async () => {
    const created = await createTestDatabase(adminUrl as string);
    const database = await openDatabase({ databaseUrl: created.url });
    try {
      const generic = genericPlanQuery(database.db);
      if (!generic) throw new Error('no generic-plan connections on PostgreSQL');
      const setting = 'select current_setting($1) as mode';
      expect(await generic('test_plan_mode', setting, ['plan_cache_mode'])).toEqual([{ mode: 'force_generic_plan' }]);
      const { rows } = await sql<{ mode: string }>`select current_setting(${'plan_cache_mode'}) as mode`.execute(
        database.db,
      );
      expect(rows).toEqual([{ mode: 'auto' }]);
      await database.db.transaction().execute(async (trx) => {
        expect(genericPlanQuery(trx)).toBeUndefined();
      });
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
