import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { shutDown } from './shutdown';

let app: FastifyInstance;

async function listening() {
  app = Fastify({ logger: false });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as net.AddressInfo;
  return address.port;
}

function connect(port: number) {
  return new Promise<net.Socket>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
  });
}

afterEach(async () => {
  app.server.closeAllConnections();
  await app.close();
});

describe('shutDown', () => {
  it('closes a connection whose request never completes after the grace period', async () => {
    const port = await listening();
    const socket = await connect(port);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nhost: x\r\n'); // the blank line that ends the headers never comes
    const started = Date.now();
    await shutDown(app, 200);
    await closed;
    // Without the forced close, Fastify waited for Node's header timeout (60 s).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('lets a request in flight finish before it closes', async () => {
    const port = await listening();
    const answer = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutDown(app, 5_000);
    await expect(answer).resolves.toEqual({ status: 200, body: { done: true } });
    // The client keeps its connection open after the answer: closed once idle, not at the end of the grace.
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});
