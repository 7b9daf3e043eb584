import { pgTemp, type ServerProcess, startServerProcess } from './server-process';

export type ExtraServer = ServerProcess;

/** A free port on this machine, for a server started later. */
export async function freeServerPort(): Promise<number> {
  return (await pgTemp()).freePort();
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
  return startServerProcess({
    name: 'extra server',
    adminUrl: process.env.E2E_ADMIN_DATABASE_URL ?? '',
    databasePrefix: 'mde_e2e_extra',
    env: { SEED_ARTICLES: '50', PUSH_WORKER: 'false', ...env },
    port: options.port,
  });
}
