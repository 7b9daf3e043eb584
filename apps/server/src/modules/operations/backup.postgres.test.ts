import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { DEMO_GIFT_CARDS as CARDS } from '../../seed/gift-cards-seed';
import { modeOf } from '../../test/file-modes';
import { adminContext } from '../../test/run-admin-command';
import { as, createTestApp, createTestDatabase, DEMO, loginAs, type TestApp } from '../../test/test-app';
import { backupCommands } from './backup.commands';

// On PostgreSQL the same commands call pg_dump and pg_restore (npm test runs this with TEST_DATABASE_URL).
const adminUrl = process.env.TEST_DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-pg-backup-'));
const command = (name: string) => {
  const found = backupCommands.find((c) => c.name === name);
  if (!found) throw new Error(`no command ${name}`);
  return found;
};
const contextFor = adminContext;

describe.skipIf(!adminUrl)('backup and restore on PostgreSQL', () => {
  let t: TestApp;
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestApp();
    target = await createTestDatabase(adminUrl as string);
  });
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('dumps with pg_dump and restores into an empty database only', async () => {
    const demo = as(t.app, await loginAs(t.app, DEMO));
    const key = randomUUID();
    const charge = await demo({
      method: 'POST',
      url: '/api/v1/coupon-card/coupon-card',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify({ type: 'GUTSCHEIN', code: CARDS.firma1.code, action: 'CHARGE', amount: 500 }),
    });
    expect(charge.statusCode).toBe(200);

    const file = path.join(root, 'mde.dump');
    const env = { ...t.app.env, DATABASE_URL: t.databaseUrl };
    const backup = contextFor(t.app.database, env);
    expect(await command('backup').run(backup.context, [file])).toBe(0);
    // It holds every password hash and webhook secret: for its owner only.
    expect(modeOf(file)).toBe('0600');
    expect(backup.err).toEqual([]);

    const restore = contextFor(undefined, { ...env, DATABASE_URL: target.url });
    expect(await command('restore').run(restore.context, [file])).toBe(0);
    expect(restore.err).toEqual([]);
    const restored = await openDatabase({ databaseUrl: target.url });
    try {
      const moves = await restored.db
        .selectFrom('gift_card_movement')
        .select('idempotency_key')
        .where('idempotency_key', '=', key)
        .execute();
      expect(moves).toHaveLength(1);
    } finally {
      await restored.close();
    }

    const again = contextFor(undefined, { ...env, DATABASE_URL: target.url });
    expect(await command('restore').run(again.context, [file])).toBe(1);
    expect(again.err).toEqual([
      'Die Datenbank ist nicht leer; eine Sicherung wird nur in eine leere Datenbank zurückgespielt.',
    ]);
  });
});
