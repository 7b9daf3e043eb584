import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../admin/admin-client';
import { buildApp } from '../../app';
import { type Env, loadEnv } from '../../config/env';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { DEMO_GIFT_CARDS as CARDS } from '../../seed/gift-cards-seed';
import { FX, insertFixtures } from '../../test/capture-fixtures';
import { modeOf, notPrivate } from '../../test/file-modes';
import { onPostgresRun } from '../../test/pglite-only';
import { adminContext } from '../../test/run-admin-command';
import { as, DEMO, loginAs, openPGliteFromTemplate } from '../../test/test-app';
import { backupCommands } from './backup.commands';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-backup-'));
const envFor = (dataDir: string): Env =>
  loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ARTICLES: '50',
    WEB_DIST: '/nonexistent',
    PUSH_WORKER: 'false',
    DAY_CLOSE_WORKER: 'false',
    DATA_DIR: dataDir,
  });
const command = (name: string) => {
  const found = backupCommands.find((c) => c.name === name);
  if (!found) throw new Error(`no command ${name}`);
  return found;
};
const contextFor = adminContext;

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** `npm run admin -- <args>` as the operator runs it: its own process, its own output. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/admin/cli.ts', ...args],
      { cwd: serverDir, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe.skipIf(onPostgresRun)('backup and restore on PGlite', () => {
  let env: Env;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    env = envFor(path.join(root, 'live'));
    database = await openPGliteFromTemplate(env.DATA_DIR);
    app = await buildApp({ env, database, seed: true, logger: false });
    await app.ready();
    await insertFixtures(database.db);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('backs up the running server while it takes writes; the restore holds every write acknowledged before', async () => {
    const demo = as(app, await loginAs(app, DEMO));
    const deviceId = `backup-${randomUUID()}`;
    let seq = 0;
    type Ack = { kind: 'line' | 'movement'; key: string; at: number };
    const acks: Ack[] = [];
    let stop = false;

    const captureWriter = async () => {
      while (!stop) {
        const clientId = randomUUID();
        seq += 1;
        const res = await demo({
          method: 'POST',
          url: '/api/v1/captures/sync',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            deviceId,
            changes: [
              {
                seq,
                clientId,
                module: 'order-proposal',
                kind: 'upsert-line',
                payload: { articleId: FX.milk, quantity: (seq % 9) + 1, capturedAt: '2026-11-21T09:00:00.000Z' },
              },
            ],
          }),
        });
        const result = res.statusCode === 200 ? res.json().results[0] : undefined;
        if (result?.status === 'applied') acks.push({ kind: 'line', key: clientId, at: performance.now() });
      }
    };
    let charges = 0;
    const giftCardWriter = async () => {
      while (!stop) {
        const key = randomUUID();
        const action = charges++ % 2 === 0 ? 'CHARGE' : 'REDEEM';
        const res = await demo({
          method: 'POST',
          url: '/api/v1/coupon-card/coupon-card',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          payload: JSON.stringify({ type: 'GUTSCHEIN', code: CARDS.firma1.code, action, amount: 500 }),
        });
        if (res.statusCode === 200) acks.push({ kind: 'movement', key, at: performance.now() });
      }
    };
    const writers = [captureWriter(), captureWriter(), giftCardWriter(), giftCardWriter()];
    while (acks.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const file = path.join(root, 'mde.tar.gz');
    const { context, out, err } = contextFor(database, env);
    const backupStarted = performance.now();
    const acksBefore = acks.filter((a) => a.at < backupStarted);
    const code = await command('backup').run(context, [file]);
    // Writes sent while the copy is taken wait for it (one connection) and are answered right after.
    const acksAtEnd = acks.length;
    while (acks.length < acksAtEnd + 4) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(writers);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^Sicherung geschrieben: .*mde\.tar\.gz \(\d+ Bytes\)$/);
    expect(fs.existsSync(`${file}.part`)).toBe(false);

    // Restore into a new DATA_DIR and open it with the app.
    const restoredEnv = envFor(path.join(root, 'restored'));
    const restore = contextFor(undefined as unknown as DatabaseHandle, restoredEnv);
    expect(await command('restore').run(restore.context, [file])).toBe(0);
    expect(restore.err).toEqual([]);
    const restoredDb = await openDatabase({ dataDir: restoredEnv.DATA_DIR });
    const restoredApp = await buildApp({ env: restoredEnv, database: restoredDb, seed: true, logger: false });
    try {
      await restoredApp.ready();
      expect((await restoredApp.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      const lines = new Set(
        (await restoredDb.db.selectFrom('capture_line').select('client_id').execute()).map((r) => r.client_id),
      );
      const movements = new Set(
        (await restoredDb.db.selectFrom('gift_card_movement').select('idempotency_key').execute()).map(
          (r) => r.idempotency_key,
        ),
      );
      const missing = acksBefore.filter((a) => !(a.kind === 'line' ? lines : movements).has(a.key));
      expect(missing).toEqual([]);
      expect(acksBefore.filter((a) => a.kind === 'movement').length).toBeGreaterThan(0);
      // No half-written booking: every card's balance is the sum of its movements.
      const ledger = await sql<{ code: string; balance: number; sum: number }>`
        select c.code, c.balance, coalesce(sum(case m.action when 'CHARGE' then m.amount else -m.amount end), 0)::int8 as sum
        from gift_card c left join gift_card_movement m on m.card_id = c.id
        where c.code = ${CARDS.firma1.code} group by c.id`.execute(restoredDb.db);
      const card = ledger.rows[0];
      expect(card?.balance).toBe(card?.sum);
      // A line is never without its capture.
      const orphans = await sql<{ n: number }>`
        select count(*)::int8 as n from capture_line l left join capture c on c.id = l.capture_id where c.id is null`.execute(
        restoredDb.db,
      );
      expect(orphans.rows[0]?.n).toBe(0);
      // The restored server takes a login and a write.
      const again = as(restoredApp, await loginAs(restoredApp, DEMO));
      const res = await again({
        method: 'POST',
        url: '/api/v1/coupon-card/coupon-card',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: JSON.stringify({ type: 'GUTSCHEIN', code: CARDS.firma1.code, action: 'CHARGE', amount: 500 }),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await restoredApp.close();
      await restoredDb.close();
    }
  });

  it("writes the backup 0600 and keeps the live and the restored DATA_DIR their owner's alone", async () => {
    const file = path.join(root, 'private.tar.gz');
    expect(await command('backup').run(contextFor(database, env).context, [file])).toBe(0);
    expect(modeOf(file)).toBe('0600');
    expect(notPrivate(env.DATA_DIR)).toEqual([]);
    const target = path.join(root, 'restored-private');
    const cli = await runCli(['restore', file], { DATA_DIR: target });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(notPrivate(target)).toEqual([]);
  });

  it('refuses to restore into a DATA_DIR that is not empty, and to overwrite a backup file', async () => {
    const file = path.join(root, 'second.tar.gz');
    const live = contextFor(database, env);
    expect(await command('backup').run(live.context, [file])).toBe(0);
    expect(await command('backup').run(live.context, [file])).toBe(1);
    expect(live.err).toEqual([`Die Datei ${file} gibt es schon; sie wird nicht überschrieben.`]);

    const restore = contextFor(undefined as unknown as DatabaseHandle, env);
    expect(await command('restore').run(restore.context, [file])).toBe(1);
    expect(restore.err).toEqual([
      `DATA_DIR ${env.DATA_DIR} ist nicht leer; eine Sicherung wird nur in ein leeres Verzeichnis zurückgespielt.`,
    ]);
  });

  it('refuses a file that is no backup and leaves the directory as it was', async () => {
    const file = path.join(root, 'no-backup.txt');
    fs.writeFileSync(file, 'kein Backup');
    const target = path.join(root, 'untouched');
    const restore = contextFor(undefined as unknown as DatabaseHandle, envFor(target));
    expect(await command('restore').run(restore.context, [file])).toBe(1);
    expect(restore.err).toEqual(['Die Datei ist keine Sicherung eines MDE-Datenverzeichnisses (PGlite).']);
    expect(fs.existsSync(target)).toBe(false);
    expect(await command('restore').run(restore.context, [])).toBe(1);
    expect(restore.err.at(-1)).toBe('Aufruf: restore <datei>');
  });

  // One backup of the live directory for the damaged copies below.
  let whole: Promise<Buffer> | undefined;
  const wholeBackup = () => {
    whole ??= (async () => {
      const file = path.join(root, 'whole.tar.gz');
      expect(await command('backup').run(contextFor(database, env).context, [file])).toBe(0);
      return fs.readFileSync(file);
    })();
    return whole;
  };
  const damaged = async (name: string, damage: (backup: Buffer) => Buffer) => {
    const file = path.join(root, `damaged-${name}.tar.gz`);
    fs.writeFileSync(file, damage(await wholeBackup()));
    return { file, target: path.join(root, `from-damaged-${name}`) };
  };
  const REFUSAL = 'Die Sicherung konnte nicht zurückgespielt werden: die Datei ist unvollständig oder beschädigt.';

  // The operator's process: its standard error holds that one line and nothing else (no stack, no warning).
  it('refuses a backup cut off halfway with one German line from the CLI, no stack, and leaves nothing behind', async () => {
    const { file, target } = await damaged('cut', (backup) => backup.subarray(0, Math.floor(backup.length / 2)));
    const cli = await runCli(['restore', file], { DATA_DIR: target });
    expect(cli.stderr.trim().split('\n')).toEqual([REFUSAL]);
    expect(cli.code).toBe(1);
    expect(fs.existsSync(target)).toBe(false);
  });

  // The same refusal for another damage, through the CLI's own code in this process (the process is tested above).
  it('refuses a backup a gzip of no tar with one German line and exit code 1, and leaves nothing behind', async () => {
    const { file, target } = await damaged('no-tar', () => zlib.gzipSync(Buffer.from('kein Tar '.repeat(1000))));
    const lines = { out: [] as string[], err: [] as string[] };
    const io = { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) };
    expect(await runAdminCli(['restore', file], envFor(target), io)).toBe(1);
    expect(lines).toEqual({ out: [], err: [REFUSAL] });
    expect(fs.existsSync(target)).toBe(false);
  });
});
