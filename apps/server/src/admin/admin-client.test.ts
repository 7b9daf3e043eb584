import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { ADMIN_COMMANDS } from '../modules/admin-commands';
import { onPostgresRun } from '../test/pglite-only';
import { openPGliteFromTemplate } from '../test/test-app';
import { runAdminCli } from './admin-client';
import { adminSocketPath } from './admin-socket';

// Both ways a command runs on PGlite: in the CLI's own process while no server holds the directory, and
// inside the running server through its admin socket (the directory may then be opened by no one else).

function collect() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
}

const envOf = (dataDir: string) =>
  loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    DAY_CLOSE_WORKER: 'false',
  });

const KEY = /^mde_[A-Za-z0-9_-]{43}$/;

// The directory the tests share starts as a copy of the run's migrated, seeded template: a server's directory
// after its first start (the CLI and the server then find it migrated and seeded, as in operation).
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-admin-'));
  const database = await openPGliteFromTemplate(dir);
  await database.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(onPostgresRun)('npm run admin', () => {
  it('--help lists every command with its usage', async () => {
    const { lines, io } = collect();
    expect(await runAdminCli(['--help'], envOf(dir), io)).toBe(0);
    for (const command of ADMIN_COMMANDS) expect(lines.out.join('\n')).toContain(command.name);
  });

  it('refuses an unknown command and an unknown scope with a German line and a non-zero exit code', async () => {
    const unknown = collect();
    expect(await runAdminCli(['frobnicate'], envOf(dir), unknown.io)).toBe(2);
    expect(unknown.lines.err[0]).toBe('Unbekannter Befehl: frobnicate');
    const scope = collect();
    const code = await runAdminCli(
      ['api-key', 'create', '--name', 'ERP', '--scopes', 'import:all', '--firma', '1'],
      envOf(dir),
      scope.io,
    );
    expect(code).toBe(2);
    expect(scope.lines.err[0]).toContain('Unbekannter Scope: import:all');
    // The refusal names every scope there is, the document import's too.
    expect(scope.lines.err[0]).toContain('import:documents');
  });

  it('creates, lists and revokes a key in its own process while no server holds the directory', async () => {
    // A directory of its own with one firma (the go-live's first step), so the later tests' seed still runs.
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-admin-own-'));
    try {
      const env = envOf(own);
      const noFirma = collect();
      expect(await runAdminCli(['api-key', 'create', '--name', 'ERP', '--scopes', 'import:org'], env, noFirma.io)).toBe(
        2,
      );
      expect(noFirma.lines.err[0]).toMatch(/^--firma fehlt/);
      const firma = collect();
      const admin = ['user', 'create-admin', 'chefin', '--firma', '1', '--firma-name', 'Nord'];
      expect(await runAdminCli(admin, env, firma.io), firma.lines.err.join('\n')).toBe(0);
      const created = collect();
      const code = await runAdminCli(
        [
          'api-key',
          'create',
          '--name',
          'ERP',
          '--scopes',
          'import:articles,import:stock,import:documents',
          '--firma',
          '1',
        ],
        env,
        created.io,
      );
      expect(code, created.lines.err.join('\n')).toBe(0);
      const key = created.lines.out.find((l) => KEY.test(l));
      expect(key).toBeDefined();
      const listed = collect();
      expect(await runAdminCli(['api-key', 'list'], env, listed.io)).toBe(0);
      expect(listed.lines.out.join('\n')).toContain('Firma 1\timport:articles,import:stock');
      expect(listed.lines.out.join('\n')).not.toContain(key);
      const revoked = collect();
      expect(await runAdminCli(['api-key', 'revoke', '1'], env, revoked.io)).toBe(0);
      const again = collect();
      expect(await runAdminCli(['api-key', 'revoke', '1'], env, again.io)).toBe(1);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('sends the command to the running server, which alone holds the directory, over a private socket', async () => {
    const env = envOf(dir);
    const app = await buildApp({ env, logger: false, adminSocket: true, seed: true });
    await app.ready();
    const socket = adminSocketPath(dir);
    try {
      expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
      const created = collect();
      const code = await runAdminCli(
        ['api-key', 'create', '--name', 'Kasse', '--scopes', 'import:org', '--firma', '1,2'],
        env,
        created.io,
      );
      expect(code).toBe(0);
      const key = created.lines.out.find((l) => KEY.test(l)) ?? '';
      const res = await app.inject({
        method: 'PUT',
        url: '/api/integration/v1/articles',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        payload: '[]',
      });
      // The key the server made is the server's: known (not 401), only its scope does not fit.
      expect(res.statusCode).toBe(403);
      const listed = collect();
      expect(await runAdminCli(['api-key', 'list'], env, listed.io)).toBe(0);
      expect(listed.lines.out.some((l) => l.includes('Kasse'))).toBe(true);
      // A file named relative to the operator's directory: the server, elsewhere, reads it by absolute path.
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-admin-cwd-'));
      fs.writeFileSync(path.join(work, 'lieferanten.csv'), 'Firma;Lieferant;Name\n1;L-SOCK-1;Über den Socket\n');
      const imported = collect();
      expect(await runAdminCli(['import', 'suppliers', 'lieferanten.csv'], env, imported.io, work)).toBe(0);
      expect(imported.lines.out[0]).toContain('1 neu');
      const row = await app.database.db
        .selectFrom('supplier')
        .select('name')
        .where('number', '=', 'L-SOCK-1')
        .executeTakeFirst();
      expect(row?.name).toBe('Über den Socket');
      fs.rmSync(work, { recursive: true, force: true });
    } finally {
      await app.close();
    }
    expect(fs.existsSync(socket)).toBe(false);
  });

  it('backs up the running server through its socket; the restored directory starts with no lock of the old server', async () => {
    const env = envOf(dir);
    const app = await buildApp({ env, logger: false, adminSocket: true, seed: true });
    await app.ready();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-admin-backup-'));
    const file = path.join(work, 'sicherung.tar.gz');
    try {
      const backup = collect();
      expect(await runAdminCli(['backup', file], env, backup.io), backup.lines.err.join('\n')).toBe(0);
      expect(fs.statSync(file).size).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
    const restoredDir = path.join(work, 'restored');
    const restore = collect();
    expect(await runAdminCli(['restore', file], envOf(restoredDir), restore.io), restore.lines.err.join('\n')).toBe(0);
    // The backup holds the running server's lock file; a restored directory must not name that server.
    expect(fs.existsSync(path.join(restoredDir, 'mde-server.lock'))).toBe(false);
    const restored = await buildApp({ env: envOf(restoredDir), logger: false });
    try {
      const users = await restored.database.db.selectFrom('app_user').select('username').execute();
      expect(users.map((u) => u.username)).toContain('demo');
    } finally {
      await restored.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('replaces a socket file a crashed server left behind', async () => {
    const env = envOf(dir);
    fs.mkdirSync(path.dirname(adminSocketPath(dir)), { recursive: true, mode: 0o700 });
    fs.writeFileSync(adminSocketPath(dir), '');
    const left = collect();
    // No server listens: the CLI opens the directory itself.
    expect(await runAdminCli(['api-key', 'list'], env, left.io)).toBe(0);
    const app = await buildApp({ env, logger: false, adminSocket: true });
    await app.ready();
    try {
      expect(fs.statSync(adminSocketPath(dir)).isSocket()).toBe(true);
    } finally {
      await app.close();
    }
  });
});
