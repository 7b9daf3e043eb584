import { describe, expect, it } from 'vitest';
import { latencyCell, percentile, type Sample, summarise } from './latency';

const sample = (kind: Sample['kind'], ms: number, status = 200): Sample => ({ kind, due: 0, ms, status });

describe('latency summary of the paced load', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarises one kind, counting answers over 2 s and failures (non-2xx, no connection, no answer)', () => {
    const samples = [
      sample('lookup', 10),
      sample('lookup', 30),
      sample('lookup', 2500),
      sample('lookup', 20, 404),
      sample('lookup', 5, 0),
      sample('sync', 900, -1),
    ];
    expect(summarise(samples, 'lookup')).toEqual({
      count: 5,
      p50: 20,
      p95: 2500,
      max: 2500,
      over2s: 1,
      failed: 2,
      failures: { '404': 1, '0': 1 },
    });
    expect(summarise(samples, 'sync')).toMatchObject({ count: 1, failed: 1, over2s: 0 });
    expect(latencyCell(summarise(samples, 'lookup'))).toBe(
      '20 ms / 2500 ms / 2500 ms (5, 1 over 2 s, 2 failed: 1× no connection, 1× 404)',
    );
    const reset = { ...sample('lookup', 25, 0), error: 'ECONNRESET on a reused connection' };
    expect(latencyCell(summarise([sample('lookup', 10), reset], 'lookup'))).toBe(
      '10 ms / 25 ms / 25 ms (2, 0 over 2 s, 1 failed: 1× no connection (ECONNRESET on a reused connection))',
    );
    expect(latencyCell(summarise([sample('sync', 52_800)], 'sync'))).toBe('52.8 s / 52.8 s / 52.8 s (1, 1 over 2 s)');
    expect(latencyCell(summarise([], 'sync'))).toBe('none measured');
  });
});
