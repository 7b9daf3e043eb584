import { type ChildProcess, fork, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { measurePaced, PacedResult } from './paced-load';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverDir = path.join(root, 'apps/server');

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** Runs `tsx <script>` to completion, passing its output through; rejects on a non-zero exit. */
export function runTsx(script: string, args: string[], env: Record<string, string>, cwd = serverDir) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** The collector flags of `npm start` (apps/server/package.json; why: docs/architecture.md#design-decisions), so the bench measures that server. */
const SERVER_GC_FLAGS = ['--single-threaded-gc', '--no-allocation-site-pretenuring'];

/** The real MDE server (no seeding: the database is prepared before) on a loopback port. */
export async function startMdeServer(port: number, env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, [...SERVER_GC_FLAGS, '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ARTICLES: '0',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/docs/json`, child);
  return { url, pid: child.pid as number, stop: stopper(child) };
}

export async function startHelloServer(port: number): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/article-lookup/hello-server.ts')], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/hello`, child);
  return { url, pid: child.pid as number, stop: stopper(child) };
}

/**
 * A paced measurement in a fresh process: the timings are the generator's own, and a generator that had run
 * autocannon before carried its garbage into them (a collection in the middle of a paced run is a stall
 * that counts against the server).
 */
export function pacedInChild(...job: Parameters<typeof measurePaced>): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'bench/article-lookup/paced-worker.ts'), {
      cwd: root,
      // As the server: collector threads of its own would take turns on the 2 cores with the server's.
      execArgv: ['--single-threaded-gc', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (result) => resolve(result as PacedResult));
    child.once('exit', (code) => reject(new Error(`paced load generator exited with ${code} before answering`)));
    child.send(job);
  });
}
