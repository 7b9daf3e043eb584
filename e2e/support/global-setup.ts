import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pgTemp, startServerProcess } from './server-process';
import { BUILT_WEB_APP, SUITE_SERVER_ENV } from './suite-server';

/**
 * Once per run: a PostgreSQL cluster (unless npm test hands one over in E2E_ADMIN_DATABASE_URL), the built web app
 * (unless it is there), and the template database every worker's server copies (suite-server.ts): migrated and
 * seeded by one start of the real server, as the suite's database used to be. Workers read E2E_ADMIN_DATABASE_URL
 * and E2E_TEMPLATE_DATABASE.
 */
export default async function globalSetup() {
  const pg = await pgTemp();
  let stopPg: (() => void) | undefined;
  if (!process.env.E2E_ADMIN_DATABASE_URL) {
    const cluster = await pg.startTempPostgres();
    process.env.E2E_ADMIN_DATABASE_URL = cluster.url;
    stopPg = cluster.stop;
  }
  const adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
  if (!fs.existsSync(path.join(BUILT_WEB_APP, 'index.html'))) {
    spawnSync('npm', ['run', 'build'], { cwd: path.resolve(BUILT_WEB_APP, '../../..'), stdio: 'inherit' });
  }
  const template = await pg.createDatabase(adminUrl, 'mde_e2e_template');
  const seeding = await startServerProcess({
    name: 'template server',
    databaseUrl: template.url,
    env: SUITE_SERVER_ENV,
  });
  // A template must have no connection left when it is copied: the server is gone once stop() resolves.
  await seeding.stop();
  process.env.E2E_TEMPLATE_DATABASE = template.name;

  return async () => {
    await pg.dropDatabase(adminUrl, template.name);
    stopPg?.();
  };
}
