import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env';
import { useTestApp } from '../test/test-app';
import { limitedServerFactory } from './connection-limits';

// A client that sends its body a byte at a time must not hold a connection for good, and one address
// must not take all of them.
let port: number;
const t = useTestApp({
  env: { REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS_PER_ADDRESS: '40' },
  prepare: async (t) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  },
});
// After hooks run last-registered first: the sockets are cut before the helper closes the app.
afterAll(() => t.app.server.closeAllConnections());

function connect() {
  return new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    socket.once('close', () => resolve());
  });

/** A login whose 1,000-byte body arrives a byte every 200 ms (it would take 200 s). */
async function slowBody() {
  const socket = await connect();
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/v1/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{',
  );
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write(' ');
  }, 200);
  socket.once('close', () => clearInterval(drip));
  return socket;
}

describe('connection limits', () => {
  it('closes connections whose body is too slow, and answers others meanwhile', async () => {
    const started = Date.now();
    const sockets = await Promise.all(Array.from({ length: 30 }, () => slowBody()));
    const answered = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/logout`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(Date.now() - answered).toBeLessThan(1_500);
    await Promise.all(sockets.map(closed));
    // 2 s for the request plus at most one check interval (1 s), with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('refuses connections of one address beyond the cap', async () => {
    const sockets = await Promise.all(Array.from({ length: 45 }, () => connect().catch(() => undefined)));
    // Those over the cap have a moment to send a request (and get a 503), then they are closed.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const open = sockets.filter((s) => s && !s.destroyed && !s.readableEnded);
    expect(open.length).toBeLessThanOrEqual(40);
    for (const s of sockets) s?.destroy();
    // Once they are gone the address may connect again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/logout`, { method: 'POST' });
    expect(res.status).toBe(200);
  });
});

/** A whole request on a connection of its own, and everything the server sends until it closes. */
async function rawGet(path: string) {
  const socket = await connect();
  socket.on('error', () => undefined);
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk;
  });
  socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
  await Promise.race([closed(socket), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  socket.destroy();
  return text;
}

describe('a kept connection', () => {
  it('stays open as long as on a server Fastify makes itself, not the 5 s of a bare Node server', async () => {
    const plain = Fastify();
    await plain.ready();
    expect(plain.server.keepAliveTimeout).toBeGreaterThan(5_000);
    expect(t.app.server.keepAliveTimeout).toBe(plain.server.keepAliveTimeout);
    await plain.close();
  });
});

describe('a connection over the cap', () => {
  it('gets a whole 503 answer with Retry-After and a German message instead of no answer', async () => {
    const held = await Promise.all(Array.from({ length: 40 }, () => connect()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = await Promise.all(Array.from({ length: 3 }, () => rawGet('/api/v1/auth/logout')));
    for (const s of held) s.destroy();
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ message: expect.stringMatching(/ausgelastet/), code: 'SERVER_BUSY' });
    }
  });

  it('is a cap a store of 50 devices (6 connections each) behind one address stays under by default', () => {
    expect(loadEnv({}).MAX_CONNECTIONS_PER_ADDRESS).toBeGreaterThanOrEqual(50 * 6);
  });
});

describe('the connection cap behind a trusted proxy', () => {
  it('does not apply to the proxy, whose address all clients share', async () => {
    const factory = limitedServerFactory({
      requestTimeoutMs: 5_000,
      maxPerAddress: 3,
      trustedProxies: ['127.0.0.0/8'],
    });
    const server = factory((_req, res) => res.end('ok'), {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxyPort = (server.address() as net.AddressInfo).port;
    const sockets = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect({ port: proxyPort, host: '127.0.0.1' }, () => resolve(s));
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sockets.filter((s) => !s.destroyed && !s.readableEnded)).toHaveLength(8);
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  });
});
