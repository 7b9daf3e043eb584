/** One request of the paced load: when it was due (ms since the load started), how long it took, its status. */
export interface Sample {
  kind: 'lookup' | 'sync';
  due: number;
  ms: number;
  /** HTTP status; 0 when the connection failed, -1 when no answer came before the load gave up waiting. */
  status: number;
  /** Why the connection failed (status 0): the error code, and whether the connection was a kept one. */
  error?: string;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Requests that took longer than 2 s (the issue's limit: none). */
  over2s: number;
  /** Answers other than 2xx, failed connections and requests left unanswered. */
  failed: number;
  /** The failures by status (0: no connection, -1: no answer). */
  failures: Record<string, number>;
}

/** A failure's key in the summary: its status, for a failed connection with the reason (`0: ECONNRESET`). */
const failureKey = (s: Sample) => (s.status === 0 && s.error ? `0: ${s.error}` : String(s.status));

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function summarise(samples: Sample[], kind: Sample['kind']): LatencySummary {
  const mine = samples.filter((s) => s.kind === kind);
  const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
  const failed = mine.filter((s) => s.status < 200 || s.status > 299);
  return {
    count: mine.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    over2s: sorted.filter((ms) => ms > 2000).length,
    failed: failed.length,
    failures: Object.fromEntries(
      [...new Set(failed.map(failureKey))].map((key) => [key, failed.filter((s) => failureKey(s) === key).length]),
    ),
  };
}

function failureText(key: string) {
  if (key === '0') return 'no connection';
  if (key === '-1') return 'no answer';
  if (key.startsWith('0: ')) return `no connection (${key.slice(3)})`;
  return key;
}

/** `p50 / p95 / max ms (n, k over 2 s)` for a table cell. */
export function latencyCell(s: LatencySummary) {
  if (s.count === 0) return 'none measured';
  const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
  const statuses = Object.entries(s.failures ?? {})
    .map(([key, count]) => `${count}× ${failureText(key)}`)
    .join(', ');
  const failed = s.failed > 0 ? `, ${s.failed} failed${statuses ? `: ${statuses}` : ''}` : '';
  return `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)} (${s.count}, ${s.over2s} over 2 s${failed})`;
}
