import { describe, expect, it } from 'vitest';
import type { CpuSplit } from './cpu';
import { alternate, combineTurns, type Turn } from './interleave';
import type { LoadResult } from './load';

const load = (requestsPerSecond: number, seconds: number, p50: number, p99: number, errors = 0): LoadResult => ({
  requestsPerSecond,
  p50,
  p99,
  non2xx: 0,
  errors,
  total: requestsPerSecond * seconds,
});
const cpu = (server: number, database: number | null = null): CpuSplit => ({ server, database, loadGenerator: 10 });
const turn = (rate: number, p50: number, p99: number, server: number, errors = 0): Turn => ({
  result: load(rate, 5, p50, p99, errors),
  cpu: cpu(server),
  seconds: 5,
});

describe('combineTurns', () => {
  it('takes throughput over all turns, the median p50, the worst p99 and CPU weighted by requests', () => {
    const combined = combineTurns([turn(1000, 2, 9, 100), turn(3000, 1, 4, 60, 2), turn(2000, 3, 5, 80)]);
    expect(combined.result.requestsPerSecond).toBe(2000);
    expect(combined.result.total).toBe(30_000);
    expect(combined.result.p50).toBe(2);
    expect(combined.result.p99).toBe(9);
    expect(combined.result.errors).toBe(2);
    // (1000·100 + 3000·60 + 2000·80) / 6000
    expect(combined.cpu.server).toBeCloseTo(73.33, 2);
    expect(combined.cpu.database).toBeNull();
  });

  it('keeps the database CPU when the turns measured one', () => {
    const withDb = (server: number, database: number): Turn => ({
      result: load(1000, 5, 1, 2),
      cpu: cpu(server, database),
      seconds: 5,
    });
    expect(combineTurns([withDb(80, 30), withDb(90, 50)]).cpu.database).toBe(40);
  });

  it('refuses to make a figure from no turns', () => {
    expect(() => combineTurns([])).toThrow();
  });
});

describe('alternate', () => {
  it('runs the measurements in turn, each for the given seconds, and combines each one', async () => {
    const order: string[] = [];
    const measure = (name: string, rate: number) => async (seconds: number) => {
      order.push(`${name}:${seconds}`);
      return { result: load(rate, seconds, 1, 2), cpu: cpu(50) };
    };
    const result = await alternate({ hello: measure('hello', 3000), lookup: measure('lookup', 1000) }, 3, 4);
    expect(order).toEqual(['hello:4', 'lookup:4', 'hello:4', 'lookup:4', 'hello:4', 'lookup:4']);
    expect(result.hello.result.requestsPerSecond).toBe(3000);
    expect(result.lookup.result.total).toBe(12_000);
  });
});
