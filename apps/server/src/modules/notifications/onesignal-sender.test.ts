import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneSignalSender } from './onesignal-sender';

let server: http.Server;
let url: string;
let status = 200;
const seen: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"id":"x"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const payload = { id: 5, title: 'Beleg gespeichert', body: 'Inventur: Beleg IN-1', route: '/mde-inventur' };

describe('OneSignal adapter', () => {
  it('addresses the user by external id (userId as a string) with the route in the data', async () => {
    const sender = oneSignalSender({ appId: 'app-1', apiKey: 'secret', url });
    expect(sender.addressesSubscriptions).toBe(false);
    expect(await sender.send({ userId: 42, subscription: null }, payload)).toBe('sent');
    const request = seen.at(-1);
    expect(request?.headers.authorization).toBe('Key secret');
    expect(request?.body).toMatchObject({
      app_id: 'app-1',
      include_aliases: { external_id: ['42'] },
      headings: { de: 'Beleg gespeichert' },
      contents: { de: 'Inventur: Beleg IN-1' },
      data: { id: 5, route: '/mde-inventur' },
    });
  });

  it('retries on 429 and 5xx, drops a refused message, and retries when the service is unreachable', async () => {
    const sender = oneSignalSender({ appId: 'app-1', apiKey: 'secret', url });
    status = 503;
    expect(await sender.send({ userId: 1, subscription: null }, payload)).toBe('retry');
    status = 429;
    expect(await sender.send({ userId: 1, subscription: null }, payload)).toBe('retry');
    status = 400;
    expect(await sender.send({ userId: 1, subscription: null }, payload)).toBe('dropped');
    const unreachable = oneSignalSender({ appId: 'a', apiKey: 'k', url: 'http://127.0.0.1:9/x', timeoutMs: 500 });
    expect(await unreachable.send({ userId: 1, subscription: null }, payload)).toBe('retry');
    status = 200;
  });
});
