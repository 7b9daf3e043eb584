import http from 'node:http';
import net from 'node:net';
import { INTEGRATION_API_VERSION, INTEGRATION_API_VERSION_HEADER, MSG } from '@mde/contracts';
import type { FastifyServerFactory } from 'fastify';
import { INTEGRATION_PREFIX } from './auth';

export interface ConnectionLimits {
  /** Time a client has for its whole request, headers and body; then 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Open connections one address may hold; more get a 503 and are closed. */
  maxPerAddress: number;
  /** Proxies in front of us (TRUST_PROXY): all their clients share their address, so no cap applies. */
  trustedProxies: readonly string[];
}

// How often Node looks for requests past their time; the timeout is late by at most this much.
const CHECK_INTERVAL_MS = 1_000;
// A connection over the cap has this long to send its request and get its 503; then it is closed.
const BUSY_ANSWER_MS = 2_000;
// The seconds a refused device waits before it tries again (Retry-After).
const BUSY_RETRY_SECONDS = 5;
// Beyond twice the cap connections are closed unanswered: answering costs something too.
const HARD_CAP_FACTOR = 2;

/**
 * A device over the cap sees an answer it knows, a 503 the app retries like any network error, not a
 * connection closed without a word ("socket hang up").
 */
function answerBusy(req: http.IncomingMessage, res: http.ServerResponse) {
  const body = JSON.stringify({ message: MSG.serverBusy, code: 'SERVER_BUSY' });
  res.shouldKeepAlive = false;
  // Answered before any route: an integration client still learns the API version (integration-openapi.ts).
  if (req.url?.startsWith(INTEGRATION_PREFIX)) res.setHeader(INTEGRATION_API_VERSION_HEADER, INTEGRATION_API_VERSION);
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(BUSY_RETRY_SECONDS),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(body);
}

function proxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * The HTTP server under Fastify. Fastify switches Node's request timeout off, so a client that sent its
 * body a byte at a time held its connection for minutes, and a hundred of them held a hundred; the timeout
 * is on again (checked every second), and one address holds at most so many connections at once.
 */
export function limitedServerFactory(limits: ConnectionLimits): FastifyServerFactory {
  const proxies = proxyList(limits.trustedProxies);
  const isProxy = (address: string) => {
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    return proxies.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
  return (handler, options) => {
    const overCap = new WeakSet<net.Socket>();
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: CHECK_INTERVAL_MS,
      },
      (req, res) => {
        if (!overCap.has(req.socket)) {
          handler(req, res);
          return;
        }
        req.resume();
        answerBusy(req, res);
      },
    );
    // Fastify's own server keeps an idle connection 72 s; a server factory gets Node's 5 s unless it sets it.
    // A client that keeps its connections sends its next request on one of them. With 5 s, the extra
    // connections opened while the event loop was held (an embedded database's statement) were closed every
    // few seconds, and a request sent on one just as the server closed it found its connection reset.
    if (typeof options.keepAliveTimeout === 'number') server.keepAliveTimeout = options.keepAliveTimeout;
    const open = new Map<string, number>();
    server.on('connection', (socket: net.Socket) => {
      const address = socket.remoteAddress;
      if (!address || isProxy(address)) return;
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxPerAddress * HARD_CAP_FACTOR) {
        socket.destroy();
        return;
      }
      if (count > limits.maxPerAddress) {
        overCap.add(socket);
        socket.setTimeout(BUSY_ANSWER_MS, () => socket.destroy());
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
    return server;
  };
}
