import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgresRun } from '../test/pglite-only';

// Servers started at the same instant on one directory: exactly one may run, also when they all find the
// lock of a server that has died. Each worker is a process of its own, as a second server would be.
const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.ts');
const workerCode = `
const { lockDataDir } = await import(${JSON.stringify(lockModule)});
const held = new Map();
process.on('message', (m) => {
  if (m.release) {
    for (const unlock of held.values()) unlock();
    held.clear();
    process.send({ released: true });
    return;
  }
  while (Date.now() < m.at) {}
  try {
    held.set(m.dir, lockDataDir(m.dir));
    process.send({ won: true });
  } catch (error) {
    process.send({ won: false, error: error.name });
  }
});
process.send({ ready: true });
`;

const WORKERS = 6;
const TRIALS = 25;
let workers: ChildProcess[] = [];
let root: string;

const next = (worker: ChildProcess) =>
  new Promise<Record<string, unknown>>((resolve) => worker.once('message', (m) => resolve(m as never)));

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-lock-race-'));
  workers = Array.from({ length: WORKERS }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', workerCode], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await Promise.all(workers.map(next));
}, 60_000);

afterAll(() => {
  for (const worker of workers) worker.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

async function race(prepare: (dir: string) => void): Promise<number> {
  const dir = fs.mkdtempSync(path.join(root, 'dir-'));
  prepare(dir);
  const at = Date.now() + 40;
  const answers = workers.map(next);
  for (const worker of workers) worker.send({ dir, at });
  const results = await Promise.all(answers);
  const released = workers.map(next);
  for (const worker of workers) worker.send({ release: true });
  await Promise.all(released);
  for (const result of results) if (!result.won) expect(result.error).toBe('DataDirInUseError');
  return results.filter((r) => r.won).length;
}

describe.skipIf(onPostgresRun)('the data-directory lock under servers starting at the same instant', () => {
  it('lets exactly one of them run on a fresh directory, every time', async () => {
    const winners: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) winners.push(await race(() => undefined));
    expect(winners).toEqual(winners.map(() => 1));
  }, 60_000);

  it('lets exactly one of them take over the lock of a server that has died, every time', async () => {
    const stale = deadPid();
    const winners: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      winners.push(await race((dir) => fs.writeFileSync(path.join(dir, 'mde-server.lock'), `${stale}\n`)));
    }
    expect(winners).toEqual(winners.map(() => 1));
  }, 60_000);

  it('lets exactly one of them take over an empty lock file left by a server that died while writing it', async () => {
    const winners: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      winners.push(await race((dir) => fs.writeFileSync(path.join(dir, 'mde-server.lock'), '')));
    }
    expect(winners).toEqual(winners.map(() => 1));
  }, 60_000);

  it('takes over a stale lock whose takeover was left half done by a server killed in that instant', async () => {
    const stale = deadPid();
    const winners: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      winners.push(
        await race((dir) => {
          const file = path.join(dir, 'mde-server.lock');
          fs.writeFileSync(file, `${stale}\n`);
          fs.writeFileSync(`${file}.claim-${fs.statSync(file).ino}`, `${stale}\n`);
        }),
      );
    }
    expect(winners).toEqual(winners.map(() => 1));
  }, 60_000);
});
