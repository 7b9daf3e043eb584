import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForServer(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/docs/json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not start in time');
}

/**
 * Starts the real server on a free port with a fresh PostgreSQL database (so tests can check rows in it),
 * after building the web app if needed. Tests read E2E_BASE_URL and E2E_DATABASE_URL.
 */
export default async function globalSetup() {
  const { createDatabase, freePort, startTempPostgres } = (await import(path.join(root, 'scripts/pg-temp.mjs'))) as {
    createDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string }>;
    freePort(): Promise<number>;
    startTempPostgres(): Promise<{ url: string; stop(): void }>;
  };
  let stopPg: (() => void) | undefined;
  let adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
  if (!adminUrl) {
    const cluster = await startTempPostgres();
    adminUrl = cluster.url;
    stopPg = cluster.stop;
  }
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dbUrl = new URL((await createDatabase(adminUrl, 'mde_e2e')).url);

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      PUBLIC_URL: baseURL,
      SEED_ARTICLES: '1500',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A run after the day's close time would add day-close notifications to the journeys' counts.
      DAY_CLOSE_WORKER: 'false',
      // The push journey's push service runs on this machine (loopback): a test-only allowance.
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(baseURL, server);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATABASE_URL = dbUrl.toString();

  return async () => {
    // The server must be gone before its database stops, or its pool reports dropped connections.
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    stopPg?.();
  };
}
