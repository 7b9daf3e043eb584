import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// Throughput on this machine swings by a third from one minute to the next (a shared, nested VM), so the
// bench also reports what each process spent per request: that moves far less and shows where time goes.

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces), from the state on:
 * [1] is the parent, [11] and [12] user and system time in clock ticks. Null once the process is gone.
 */
function statFields(pid: number | string): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? null;
  } catch {
    return null;
  }
}

/** User + system CPU of one process in µs (0 once it is gone). */
function processCpuMicros(pid: number): number {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond : 0;
}

/** The process and all its children (PostgreSQL: the postmaster and its backends). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    const fields = /^\d+$/.test(entry) ? statFields(entry) : null;
    if (fields) parents.set(Number(entry), Number(fields[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

export interface CpuSplit {
  /** µs of CPU per request. */
  server: number;
  database: number | null;
  loadGenerator: number;
}

/** Measures the CPU the server, the database server (if any) and this process spend while `work` runs. */
export async function cpuPerRequest<T extends { total: number }>(
  pids: { server: number; database?: number },
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuSplit }> {
  const database = () => (pids.database ? processTree(pids.database).reduce((s, p) => s + processCpuMicros(p), 0) : 0);
  const server0 = processCpuMicros(pids.server);
  const database0 = database();
  const self0 = process.cpuUsage();
  const result = await work();
  const self = process.cpuUsage(self0);
  const n = Math.max(1, result.total);
  return {
    result,
    cpu: {
      server: (processCpuMicros(pids.server) - server0) / n,
      database: pids.database ? (database() - database0) / n : null,
      loadGenerator: (self.user + self.system) / n,
    },
  };
}
