import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { gaugeSource, metrics, metricsRegistry, statusClass } from '../../lib/metrics';
import { pushQueueDepth } from './operations.service';

/**
 * Called on the root instance (not registered as a plugin), so its hooks see every route and every 404.
 * Prometheus metrics: on their own listener when METRICS_PORT is set (never reachable through the app's
 * port), and on the app's port at /metrics only with `Authorization: Bearer <METRICS_TOKEN>`. Off by default.
 */
export function registerMetrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const { database } = app;
  const removers = [
    gaugeSource('mde_push_queue_depth', async () => {
      return pushQueueDepth(database.db);
    }),
  ];
  const pool = database.poolStats;
  if (pool) {
    removers.push(
      gaugeSource('mde_db_pool_connections_in_use', () => pool().inUse),
      gaugeSource('mde_db_pool_connections_idle', () => pool().idle),
      gaugeSource('mde_db_pool_requests_waiting', () => pool().waiting),
    );
  }
  app.addHook('onClose', async () => {
    for (const remove of removers) remove();
  });

  const token = app.env.METRICS_TOKEN;
  if (token) {
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/metrics', { logLevel: 'silent' }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).send({ message: 'Anmeldung für die Metriken fehlt.', code: 'METRICS_TOKEN' });
      }
      return reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
    });
  }

  const port = app.env.METRICS_PORT;
  if (port !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      metricsRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
      );
    });
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, app.env.METRICS_HOST, () => resolve());
      });
      const { address, port: bound } = server.address() as AddressInfo;
      app.log.info({ address, port: bound }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
}
