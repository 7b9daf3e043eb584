import net from 'node:net';
import { MSG } from '@mde/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadStreamed } from '../test/streamed-upload';
import { DEMO, useTestApp } from '../test/test-app';

// Every error body is the German { message, code } shape, names no input and stays under 4 kB: whatever a
// client sends, by browser or by hand.
let port: number;
const t = useTestApp({
  prepare: async (t) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  },
});
const demo = t.login(DEMO);
// After hooks run last-registered first: the sockets are cut before the helper closes the app.
afterAll(() => t.app.server.closeAllConnections());

/** Sends raw bytes and reads the whole answer (the server closes after an error of this kind, or we do). */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

function germanShape(res: { status: number; body: string }, input?: string) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(Buffer.byteLength(res.body)).toBeLessThan(4096);
  const json = JSON.parse(res.body);
  expect(Object.keys(json).sort()).toEqual(['code', 'message']);
  expect(json.message).toMatch(/Anfrage|Adresse|ungültig/);
  expect(res.body).not.toMatch(/Bad Request|not a valid|Client Error|too long|statusCode/i);
  if (input) expect(res.body).not.toContain(input);
}

describe('error bodies', () => {
  it.each([
    ['with Content-Length', false],
    ['chunked', true],
  ])('answers 10 MB streamed %s to an app route with the German 413 the client reads whole', async (_name, chunked) => {
    const url = new URL(`http://127.0.0.1:${port}/api/v1/auth/login`);
    const body = Buffer.alloc(10 * 1024 * 1024, 0x20);
    const answer = await uploadStreamed(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      chunked,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ message: MSG.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a broken percent escape in the path in German without echoing the URL', async () => {
    const res = await raw('GET /api/v1/articles/lookup/%ZZgeheim HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    germanShape(res, 'geheim');
    expect(JSON.parse(res.body)).toEqual({ message: MSG.badRequest, code: 'BAD_URL' });
  });

  it('answers a path parameter over 2,000 characters in German', async () => {
    const long = 'A'.repeat(2_100);
    const res = await raw(`GET /api/v1/articles/lookup/${long} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    germanShape(res, long.slice(0, 50));
  });

  it('answers Transfer-Encoding together with Content-Length in German', async () => {
    const res = await raw(
      'POST /api/v1/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    germanShape(res);
  });

  it('answers a body with 60,000 bad entries in under 4 kB, naming a few of them at most', async () => {
    const body = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`f${i}x`, 1]));
    const res = await demo({ method: 'PATCH', url: '/api/v1/security/user/contact', payload: body });
    expect(res.statusCode).toBe(400);
    expect(Buffer.byteLength(res.body)).toBeLessThan(4096);
    expect(Object.keys(res.json().fields).length).toBeLessThanOrEqual(10);
    expect(res.json()).toMatchObject({ message: MSG.badRequest, code: 'VALIDATION' });
  });

  it('bounds the fields a service names too (5,000 unknown contact fields)', async () => {
    const body = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`unbekannt${i}`, 'x']));
    const res = await demo({ method: 'PATCH', url: '/api/v1/security/user/contact', payload: body });
    expect(res.statusCode).toBe(400);
    expect(Buffer.byteLength(res.body)).toBeLessThan(4096);
    expect(Object.keys(res.json().fields).length).toBeLessThanOrEqual(10);
  });

  it('answers a wrong type with a German field message', async () => {
    const res = await demo({ method: 'PATCH', url: '/api/v1/security/user/contact', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().fields)).not.toMatch(/Invalid|expected|received/);
  });
});
