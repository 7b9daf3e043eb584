import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { findPgBin, freePort } from '../../scripts/pg-temp.mjs';
import { runTsx } from './processes';

// A 1,000,000-article seed takes minutes; with --reuse the seeded database is kept under os.tmpdir() and
// used again by the next run (the server applies newer migrations on start, as in production).
export interface SeededDb {
  env: Record<string, string>;
  options: { databaseUrl?: string; dataDir?: string };
  /** Seconds the seed took when this database was built (possibly by an earlier run). */
  seedSeconds: number;
  reused: boolean;
  /** The PostgreSQL postmaster (its backends are its children); none for PGlite. */
  databasePid?: number;
  stop(): void;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function pgCtl(args: string[]) {
  const bin = path.join(findPgBin() as string, args[0] as string);
  const cmd = isRoot() ? ['runuser', '-u', 'postgres', '--', bin, ...args.slice(1)] : [bin, ...args.slice(1)];
  const result = spawnSync(cmd[0] as string, cmd.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

async function startCluster(dir: string) {
  const dataDir = path.join(dir, 'data');
  if (!fs.existsSync(dataDir)) {
    pgCtl(['initdb', '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  const port = (await freePort()) as number;
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=512MB`;
  pgCtl(['pg_ctl', '-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      if (stopped) return;
      stopped = true;
      pgCtl(['pg_ctl', '-D', dataDir, '-m', 'fast', 'stop']);
    },
  };
}

/** A database with `articles` seeded articles: fresh (removed on stop) or, with reuse, kept between runs. */
export async function seededDatabase(kind: 'postgres' | 'pglite', articles: number, reuse: boolean): Promise<SeededDb> {
  const dir = reuse
    ? path.join(os.tmpdir(), `mde-bench-seeded-${kind}-${articles}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), `mde-bench-${kind}-`));
  const marker = path.join(dir, 'seeded.json');
  const reused = reuse && fs.existsSync(marker);
  if (reuse && !reused) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
  fs.chmodSync(dir, 0o777);
  if (isRoot() && kind === 'postgres') spawnSync('chown', ['postgres', dir]);
  const cluster = kind === 'postgres' ? await startCluster(dir) : null;
  const env: Record<string, string> = cluster ? { DATABASE_URL: cluster.url } : { DATA_DIR: path.join(dir, 'pglite') };
  const stop = () => {
    cluster?.stop();
    if (!reuse) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    let seedSeconds: number;
    if (reused) {
      seedSeconds = (JSON.parse(fs.readFileSync(marker, 'utf8')) as { seedSeconds: number }).seedSeconds;
    } else {
      const started = Date.now();
      await runTsx('src/seed/cli.ts', ['--articles', String(articles)], env);
      seedSeconds = (Date.now() - started) / 1000;
      fs.writeFileSync(marker, JSON.stringify({ seedSeconds, at: new Date().toISOString() }));
    }
    const options = cluster ? { databaseUrl: cluster.url } : { dataDir: env.DATA_DIR as string };
    return { env, options, seedSeconds, reused, stop, databasePid: cluster?.pid };
  } catch (error) {
    stop();
    throw error;
  }
}
