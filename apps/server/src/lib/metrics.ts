import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one metrics registry of the process (Prometheus text format, prom-client). Modules count their events
 * with one line each (`metrics.loginFailures.inc()`); values that live in the database or in another module
 * are read when Prometheus scrapes, from the sources registered with `gaugeSource`.
 */
export const metricsRegistry = new Registry();
// Process memory, CPU, event-loop delay, heap and GC of Node.js.
collectDefaultMetrics({ register: metricsRegistry });

type Source = () => number | Promise<number>;
const sources = new Map<string, Set<Source>>();

/** A gauge whose value is the sum of its sources' answers at scrape time (one source per app instance). */
function sourcedGauge(name: string, help: string) {
  const set = new Set<Source>();
  sources.set(name, set);
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      const values = await Promise.all([...set].map(async (read) => read()));
      this.set(values.reduce((sum, v) => sum + v, 0));
    },
  });
}

/** Gauges read at scrape time; feed and webhook sources are registered by the integration module. */
export type GaugeSourceName =
  | 'mde_push_queue_depth'
  | 'mde_integration_feed_backlog'
  | 'mde_webhook_backlog'
  | 'mde_db_pool_connections_in_use'
  | 'mde_db_pool_connections_idle'
  | 'mde_db_pool_requests_waiting';

/**
 * Registers a reader for a gauge; returns the function that removes it again (call it when the app closes).
 * The integration module reports its backlogs this way:
 * `gaugeSource('mde_webhook_backlog', () => countUndelivered(db))`.
 */
export function gaugeSource(name: GaugeSourceName, read: Source): () => void {
  const set = sources.get(name);
  if (!set) throw new Error(`unknown gauge ${name}`);
  set.add(read);
  return () => set.delete(read);
}

export const metrics = {
  httpRequestDuration: new Histogram({
    name: 'mde_http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  }),
  syncBatches: new Counter({
    name: 'mde_sync_batches_total',
    help: 'Offline sync batches received',
    registers: [metricsRegistry],
  }),
  syncChanges: new Counter({
    name: 'mde_sync_changes_total',
    help: 'Offline sync changes by result (applied, duplicate, set_aside, pending)',
    labelNames: ['result'] as const,
    registers: [metricsRegistry],
  }),
  loginFailures: new Counter({
    name: 'mde_login_failures_total',
    help: 'Logins refused for a wrong user name or password',
    registers: [metricsRegistry],
  }),
  loginThrottled: new Counter({
    name: 'mde_login_throttled_total',
    help: 'Logins refused by the login throttle before the password was checked',
    registers: [metricsRegistry],
  }),
  pushDelivered: new Counter({
    name: 'mde_push_deliveries_total',
    help: 'Push delivery attempts by outcome (sent, retry, gone, dropped)',
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
  integrationFeedFailures: new Counter({
    name: 'mde_integration_feed_failures_total',
    help: 'Integration feed requests that failed',
    registers: [metricsRegistry],
  }),
  webhookFailures: new Counter({
    name: 'mde_webhook_failures_total',
    help: 'Webhook deliveries that failed (each attempt)',
    registers: [metricsRegistry],
  }),
  pushQueueDepth: sourcedGauge('mde_push_queue_depth', 'Push jobs waiting to be sent'),
  integrationFeedBacklog: sourcedGauge('mde_integration_feed_backlog', 'Integration feed events not yet read'),
  webhookBacklog: sourcedGauge('mde_webhook_backlog', 'Webhook deliveries waiting to be sent or retried'),
  dbPoolInUse: sourcedGauge('mde_db_pool_connections_in_use', 'Database connections handing a query'),
  dbPoolIdle: sourcedGauge('mde_db_pool_connections_idle', 'Database connections open and idle'),
  dbPoolWaiting: sourcedGauge('mde_db_pool_requests_waiting', 'Queries waiting for a database connection'),
};

/** One sync batch and its answers: 'rejected' changes are the ones set aside for the user to look at. */
export function countSyncBatch(results: readonly { status: 'applied' | 'duplicate' | 'rejected' | 'pending' }[]) {
  metrics.syncBatches.inc();
  for (const { status } of results) metrics.syncChanges.inc({ result: status === 'rejected' ? 'set_aside' : status });
}

/** '2xx' for 204: the label stays a handful of values. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
