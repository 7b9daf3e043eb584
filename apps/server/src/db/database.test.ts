import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('openDatabase on PostgreSQL', () => {
  it('keeps working when PostgreSQL ends its idle connections', async () => {
    const name = `mde_test_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const log = { warn: vi.fn() };
    const database = await openDatabase({ databaseUrl: url.toString(), log });
    try {
      // Several pool connections, idle afterwards.
      await Promise.all([1, 2, 3].map((n) => sql`select pg_sleep(0.05), ${n}::int as n`.execute(database.db)));
      const ended = await admin((c) =>
        c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]),
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalled());
      expect(log.warn.mock.calls[0]?.[1]).toBe('database connection lost while idle');
      const { rows } = await sql<{ n: number }>`select 42 as n`.execute(database.db);
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      await database.close();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
