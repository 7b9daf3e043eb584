import type { CpuSplit } from './cpu';
import type { LoadResult } from './load';

// The machine's speed swings by half within minutes (the same build: 7,082 to 11,291 lookups/s in ten
// minutes), so hello-world measured once and lookups measured once after it compared two phases of the
// machine as much as two routes. Alternating short turns puts both into the same phases.

export interface Turn {
  result: LoadResult;
  cpu: CpuSplit;
  seconds: number;
}

/**
 * One figure from the turns of one route: throughput over all their time, p50 the median turn's, p99 the
 * worst turn's (percentiles of separate runs cannot be merged exactly; the worst does not flatter), CPU
 * weighted by requests.
 */
export function combineTurns(turns: readonly Turn[]): { result: LoadResult; cpu: CpuSplit } {
  if (turns.length === 0) throw new Error('no turns to combine');
  const total = turns.reduce((s, t) => s + t.result.total, 0);
  const seconds = turns.reduce((s, t) => s + t.seconds, 0);
  const p50s = turns.map((t) => t.result.p50).sort((a, b) => a - b);
  const weighted = (pick: (cpu: CpuSplit) => number) =>
    turns.reduce((s, t) => s + pick(t.cpu) * t.result.total, 0) / Math.max(1, total);
  const database = turns.every((t) => t.cpu.database === null) ? null : weighted((c) => c.database ?? 0);
  return {
    result: {
      requestsPerSecond: total / seconds,
      p50: p50s[Math.floor((p50s.length - 1) / 2)] as number,
      p99: Math.max(...turns.map((t) => t.result.p99)),
      non2xx: turns.reduce((s, t) => s + t.result.non2xx, 0),
      errors: turns.reduce((s, t) => s + t.result.errors, 0),
      total,
    },
    cpu: { server: weighted((c) => c.server), database, loadGenerator: weighted((c) => c.loadGenerator) },
  };
}

/** Runs `turns` turns of each measurement in alternation (a, b, a, b, …), each `seconds` long. */
export async function alternate<K extends string>(
  measurements: Record<K, (seconds: number) => Promise<{ result: LoadResult; cpu: CpuSplit }>>,
  turns: number,
  seconds: number,
): Promise<Record<K, { result: LoadResult; cpu: CpuSplit }>> {
  const keys = Object.keys(measurements) as K[];
  const done = new Map<K, Turn[]>(keys.map((k) => [k, []]));
  for (let i = 0; i < turns; i++) {
    for (const key of keys) {
      const { result, cpu } = await measurements[key](seconds);
      done.get(key)?.push({ result, cpu, seconds });
    }
  }
  return Object.fromEntries(keys.map((k) => [k, combineTurns(done.get(k) ?? [])])) as Record<
    K,
    { result: LoadResult; cpu: CpuSplit }
  >;
}
