import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import { type BackendResult, mergeResults } from './report';

const load = (requestsPerSecond: number): LoadResult => ({
  requestsPerSecond,
  p50: 1,
  p99: 5,
  non2xx: 0,
  errors: 0,
  total: requestsPerSecond * 15,
});
const run = (kind: BackendResult['kind'], state: 'on' | 'off' | undefined, lookups: number): BackendResult => ({
  kind,
  articles: 1000,
  seedSeconds: 1,
  seconds: 15,
  mix: { ean13: 1, caseCode: 1, articleNumber: 1 },
  hello: load(20_000),
  lookup: load(lookups),
  memoryMonitor: state && { state },
});

describe('mergeResults', () => {
  it('replaces only the earlier run of the same backend and monitor state', () => {
    const previous = [run('postgres', 'on', 1), run('postgres', 'off', 2), run('pglite', 'on', 3)];
    const merged = mergeResults(previous, [run('postgres', 'off', 4)]);
    expect(merged.map((r) => [r.kind, r.memoryMonitor?.state, r.lookup.requestsPerSecond])).toEqual([
      ['postgres', 'on', 1],
      ['postgres', 'off', 4],
      ['pglite', 'on', 3],
    ]);
  });

  it('keeps runs from before the monitor was recorded apart from recorded ones', () => {
    const merged = mergeResults([run('pglite', undefined, 1)], [run('pglite', 'on', 2)]);
    expect(merged.map((r) => r.lookup.requestsPerSecond)).toEqual([2, 1]);
  });
});
