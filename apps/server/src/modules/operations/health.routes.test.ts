import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { shutDown } from '../../shutdown';
import { openPGliteFromTemplate, useTestApp } from '../../test/test-app';

// The readiness probe keeps its answer for a second of the app's clock, which this file holds.
let now = Date.parse('2026-11-21T09:00:00Z');
const t = useTestApp({ clock: () => now });
const aSecondLater = () => {
  now += 1_100;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const testEnv = () =>
  loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PUSH_WORKER: 'false',
    DAY_CLOSE_WORKER: 'false',
  });

describe('health', () => {
  it('answers live and ready without a session', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of this version is missing, and asks at most once a second', async () => {
    aSecondLater();
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    const [last] = (
      await sql<{ name: string }>`select name from schema_migration order by name desc limit 1`.execute(t.db)
    ).rows;
    if (!last) throw new Error('no migration applied');
    await sql`delete from schema_migration where name = ${last.name}`.execute(t.db);
    try {
      // Within the second: the answer of the last probe, no new query.
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      aSecondLater();
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Server ist nicht bereit.', code: 'NOT_READY', reason: 'migrations' });
    } finally {
      await sql`insert into schema_migration (name) values (${last.name})`.execute(t.db);
    }
    aSecondLater();
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer, but still live', async () => {
    const database = await openPGliteFromTemplate();
    const app = await buildApp({ env: testEnv(), database, logger: false });
    await app.ready();
    await database.close();
    try {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'NOT_READY', reason: 'database' });
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('answers 503 to a probe that arrives during the graceful stop', async () => {
    const database = await openPGliteFromTemplate();
    const app = await buildApp({ env: testEnv(), database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const before = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(before.status).toBe(200);

    const socket = await new Promise<net.Socket>((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1' }, () => resolve(s));
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /health/ready HTTP/1.1\r\nhost: x\r\n'); // the probe is on its way when the stop begins
    const stopped = shutDown(app, 2_000);
    await pause(50);
    socket.write('\r\n');
    await closed;
    await stopped;
    await database.close();
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
  });
});
