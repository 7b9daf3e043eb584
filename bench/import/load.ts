import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sample } from './latency';
import type { LoadPlan } from './paced-client';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the paced lookups and syncs (paced-client.ts) in a child process; stop() answers every sample. */
export async function startPacedLoad(plan: LoadPlan) {
  const child = fork(path.join(here, 'paced-client.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
    child.send(plan);
  });
  // Stopping twice (the import's end, then its failure while counting) answers the same samples.
  let stopped: Promise<Sample[]> | null = null;
  return {
    stop: () =>
      (stopped ??= new Promise<Sample[]>((resolve, reject) => {
        child.once('message', (samples) => resolve(samples as Sample[]));
        child.once('exit', (code) => reject(new Error(`paced load ended (${code}) without its samples`)));
        child.send('stop');
      })),
  };
}
