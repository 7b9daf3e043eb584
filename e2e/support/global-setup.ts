import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgTemp, startServerProcess } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the real server on a free port with a fresh PostgreSQL database (so tests can check rows in it),
 * after building the web app if needed. Tests read E2E_BASE_URL and E2E_DATABASE_URL.
 */
export default async function globalSetup() {
  let stopPg: (() => void) | undefined;
  let adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
  if (!adminUrl) {
    const cluster = await (await pgTemp()).startTempPostgres();
    adminUrl = cluster.url;
    stopPg = cluster.stop;
  }
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const server = await startServerProcess({
    name: 'server',
    adminUrl,
    databasePrefix: 'mde_e2e',
    env: {
      SEED_ARTICLES: '1500',
      // The push journey's push service runs on this machine (loopback): a test-only allowance.
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    },
  });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATABASE_URL = server.databaseUrl;

  return async () => {
    await server.stop();
    stopPg?.();
  };
}
