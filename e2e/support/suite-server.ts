import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgTemp, type ServerProcess, startServerProcess } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILT_WEB_APP = path.join(root, 'apps/web/dist');

/** What the suite's servers run with: a 1,500-article assortment, and a push service on this machine's loopback. */
export const SUITE_SERVER_ENV = {
  SEED_ARTICLES: '1500',
  // The push journey's push service runs on this machine (loopback): a test-only allowance.
  PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
};

export interface SuiteServer extends ServerProcess {
  /** The built web app this server serves: a copy of its own, so a journey may change a file in it. */
  webDist: string;
}

/**
 * The server of one Playwright worker: a copy of the run's seeded template database (global-setup.ts), a copy
 * of the built web app, a port of its own. Journeys of different workers never see each other's rows, files or
 * sessions, so the workers run side by side.
 */
export async function startSuiteServer(workerIndex: number): Promise<SuiteServer> {
  const adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
  const template = process.env.E2E_TEMPLATE_DATABASE;
  if (!adminUrl || !template) throw new Error('the suite server needs the global set-up (e2e/support/global-setup.ts)');
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), `mde-e2e-web-${workerIndex}-`));
  fs.cpSync(BUILT_WEB_APP, webDist, { recursive: true });
  const { createDatabase } = await pgTemp();
  const { url } = await createDatabase(adminUrl, 'mde_e2e', template);
  const server = await startServerProcess({
    name: `server of worker ${workerIndex}`,
    databaseUrl: url,
    env: { ...SUITE_SERVER_ENV, WEB_DIST: webDist },
  });
  return {
    ...server,
    webDist,
    async stop() {
      await server.stop();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}
