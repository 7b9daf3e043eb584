import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { measurePaced } from './paced-load';

// A server whose every answer takes `delayMs`: /missing answers 404, /drop closes the connection.
async function slowServer(delayMs: number) {
  const server = http.createServer((request, response) => {
    setTimeout(() => {
      if (request.url === '/drop') return request.socket.destroy();
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

let server: Awaited<ReturnType<typeof slowServer>> | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

describe('measurePaced', () => {
  it('answers every offered request and times it from when it was due', async () => {
    server = await slowServer(20);
    const result = await measurePaced(server.url, ['/a', '/b'], {}, { rate: 100, seconds: 1, connections: 10 });
    expect(result.total).toBe(100);
    expect(result.achieved).toBeGreaterThan(80);
    expect(result.errors + result.non2xx).toBe(0);
    expect(result.p50).toBeGreaterThanOrEqual(19);
    expect(result.p50).toBeLessThan(200);
  });

  it('counts the wait for a free connection, which a closed loop would hide', async () => {
    // One connection serves 50 answers/s; 100/s offered for one second leaves the last due request about a
    // second in the queue. autocannon would report 20 ms for every one of them.
    server = await slowServer(20);
    const result = await measurePaced(server.url, ['/a'], {}, { rate: 100, seconds: 1, connections: 1 });
    expect(result.total).toBe(100);
    expect(result.p99).toBeGreaterThan(600);
    expect(result.achieved).toBeLessThan(80);
  });

  it('leaves the answers to requests due in the warm-up out', async () => {
    server = await slowServer(5);
    const result = await measurePaced(server.url, ['/a'], {}, { rate: 100, seconds: 0.5, warmupSeconds: 0.5 });
    expect(result.total).toBe(50);
  });

  it('counts answers other than 2xx and connections the server closed', async () => {
    server = await slowServer(1);
    const missing = await measurePaced(server.url, ['/missing'], {}, { rate: 50, seconds: 0.2, connections: 2 });
    expect(missing.non2xx).toBe(10);
    const dropped = await measurePaced(server.url, ['/drop'], {}, { rate: 20, seconds: 0.1, connections: 2 });
    expect(dropped.errors).toBe(2);
  });
});
