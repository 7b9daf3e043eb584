import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ExtraServer {
  baseURL: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/** A free port on this machine, for a server started later. */
export async function freeServerPort(): Promise<number> {
  const { freePort } = (await import(path.join(root, 'scripts/pg-temp.mjs'))) as { freePort(): Promise<number> };
  return freePort();
}

/**
 * A second MDE server for journeys that need another configuration (environment) than the suite's server:
 * its own fresh database on the suite's PostgreSQL cluster, a free port, the same built web app.
 */
export async function startExtraServer(
  env: Record<string, string>,
  // Two servers that name each other (CONNECT_ORIGINS, CORS_ORIGINS) need their ports before either starts.
  options: { port?: number } = {},
): Promise<ExtraServer> {
  const { createDatabase, freePort } = (await import(path.join(root, 'scripts/pg-temp.mjs'))) as {
    createDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string }>;
    freePort(): Promise<number>;
  };
  const admin = new URL(process.env.E2E_DATABASE_URL ?? '');
  admin.pathname = '/postgres';
  const { url: databaseUrl } = await createDatabase(admin.toString(), 'mde_e2e_extra');
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: baseURL,
      SEED_ARTICLES: '50',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUSH_WORKER: 'false',
      DAY_CLOSE_WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`extra server exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error('extra server did not start in time');
    }
    const ok = await fetch(`${baseURL}/api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    databaseUrl,
    async stop() {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}
