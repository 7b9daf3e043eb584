import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgresRun } from '../test/pglite-only';
import { openDatabase } from './database';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid that belonged to a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe.skipIf(onPostgresRun)('one PGlite data directory, one server', () => {
  it('refuses a second opening of a directory in use, and frees it on close', async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/wird bereits .* verwendet.*already in use/s);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over the lock of a server that has died', async () => {
    const dir = freshDir();
    const stale = deadPid();
    fs.writeFileSync(path.join(dir, 'mde-server.lock'), `${stale}\n`);
    const database = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(path.join(dir, 'mde-server.lock'), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it('makes a second server process on the same directory exit with a clear log line', async () => {
    const dir = freshDir();
    const held = await openDatabase({ dataDir: dir });
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_ARTICLES: '0',
      };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 45_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code).toBe(1);
      expect(output).toContain(`pid ${process.pid}`);
      expect(output).toMatch(/Datenverzeichnis .* wird bereits/);
    } finally {
      await held.close();
    }
  }, 60_000);
});
