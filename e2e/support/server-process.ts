import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface PgTemp {
  createDatabase(adminUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string }>;
  dropDatabase(adminUrl: string, name: string): Promise<void>;
  freePort(): Promise<number>;
  startTempPostgres(): Promise<{ url: string; stop(): void }>;
}
/** The temp-cluster helpers the test runner shares (scripts/pg-temp.mjs). */
export const pgTemp = async () => (await import(path.join(root, 'scripts/pg-temp.mjs'))) as PgTemp;

export interface ServerProcess {
  baseURL: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real MDE server (apps/server/src/server.ts, serving the built web app) on the database at
 * databaseUrl, or on a fresh one of the PostgreSQL cluster at adminUrl, and waits until it answers. The suite's
 * servers and a journey's extra server start here alike; `env` adds what differs (seed size, workers, a
 * journey's configuration).
 */
export async function startServerProcess(
  options: {
    /** For error messages: 'server', 'extra server'. */
    name: string;
    env: Record<string, string>;
    port?: number;
  } & ({ databaseUrl: string } | { adminUrl: string; databasePrefix: string }),
): Promise<ServerProcess> {
  const { createDatabase, freePort } = await pgTemp();
  const databaseUrl =
    'databaseUrl' in options
      ? options.databaseUrl
      : (await createDatabase(options.adminUrl, options.databasePrefix)).url;
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
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A run after the day's close time would add day-close notifications to the journeys' counts.
      DAY_CLOSE_WORKER: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${options.name} exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`${options.name} did not start in time`);
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
    // The server must be gone before its database stops (or is copied as a template): a server that has not
    // shut down within 10 s is killed.
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
