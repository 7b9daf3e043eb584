import net from 'node:net';
import { performance } from 'node:perf_hooks';

// autocannon measures a closed loop: each of its 50 connections sends the next request when the last answer
// is in, so at saturation the mean latency is 50 / throughput by Little's law and its p99 says how fast the
// server is, not how long a scan waits at a given load. This generator offers a fixed rate instead (an open
// loop, as wrk2 does) and times every request from the moment it was due, so a request that waits for a free
// connection, or for this process's own event loop, counts that wait against the server.

export interface PacedResult {
  /** Requests per second offered. */
  rate: number;
  /** Answers per second received. */
  achieved: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
}

interface Connection {
  socket: net.Socket;
  /** When the request on this connection was due; null while the connection is free. */
  due: number | null;
  received: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Length of one complete answer at the start of `buffer` (Content-Length framing), or null if incomplete. */
function answerLength(buffer: Buffer): { length: number; status: number } | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = buffer.toString('latin1', 0, end);
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!match) throw new Error(`answer without content-length: ${head.split('\r\n')[0]}`);
  const length = end + HEADER_END.length + Number(match[1]);
  return buffer.length >= length ? { length, status } : null;
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Offers `rate` requests per second for `seconds` over `connections` keep-alive connections, the paths in
 * turn; a request due while every connection is busy waits for the next free one. Latency in ms.
 */
export async function measurePaced(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  options: { rate: number; seconds: number; connections?: number; warmupSeconds?: number },
): Promise<PacedResult> {
  const { hostname, port } = new URL(url);
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requests = paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${extra}connection: keep-alive\r\n\r\n`, 'latin1'),
  );
  const warmup = Math.round(options.rate * (options.warmupSeconds ?? 0));
  const total = warmup + Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  let measureFrom = Number.POSITIVE_INFINITY;
  let recorded = 0;
  let done = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const waiting: number[] = [];
  const free: Connection[] = [];
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const complete = (connection: Connection, status: number | null) => {
    if (connection.due === null) return;
    if (connection.due >= measureFrom) {
      latencies[recorded++] = performance.now() - connection.due;
      if (status === null) errors++;
      else if (status < 200 || status > 299) non2xx++;
    }
    connection.due = null;
    if (++done === total) finish();
  };

  const send = (connection: Connection, due: number) => {
    connection.due = due;
    connection.socket.write(requests[sent++ % requests.length] as Buffer);
  };

  const release = (connection: Connection) => {
    const due = waiting.shift();
    if (due === undefined) free.push(connection);
    else send(connection, due);
  };

  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
      const connection: Connection = { socket, due: null, received: Buffer.alloc(0) };
      socket.once('connect', () => resolve(connection));
      socket.once('error', reject);
      socket.on('data', (chunk: Buffer) => {
        connection.received = connection.received.length === 0 ? chunk : Buffer.concat([connection.received, chunk]);
        const answer = answerLength(connection.received);
        if (!answer) return;
        connection.received = connection.received.subarray(answer.length);
        complete(connection, answer.status);
        release(connection);
      });
      socket.on('close', () => {
        // A connection the server closed is not used again; its open request counts as an error.
        complete(connection, null);
        const index = free.indexOf(connection);
        if (index >= 0) free.splice(index, 1);
      });
    });

  const connections = await Promise.all(Array.from({ length: options.connections ?? 50 }, open));
  for (const c of connections) c.socket.removeAllListeners('error').on('error', () => {});
  free.push(...connections);

  const interval = 1000 / options.rate;
  const start = performance.now();
  // Answers to requests due in the warm-up are awaited but not counted: new connections, JIT, caches.
  measureFrom = start + warmup * interval;
  let due = 0;
  const tick = () => {
    const now = performance.now();
    while (due < total && start + due * interval <= now) {
      const at = start + due * interval;
      const connection = free.pop();
      if (connection) send(connection, at);
      else waiting.push(at);
      due++;
    }
    if (due < total) setTimeout(tick, Math.max(0, start + due * interval - performance.now()));
  };
  tick();
  const timeout = setTimeout(finish, options.seconds * 1000 + 30_000);
  await finished;
  clearTimeout(timeout);
  const elapsed = (performance.now() - measureFrom) / 1000;
  for (const c of connections) c.socket.destroy();
  const sorted = latencies.slice(0, recorded).sort();
  return {
    rate: options.rate,
    achieved: recorded / elapsed,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
    total: recorded,
    non2xx,
    errors: errors + (total - done),
  };
}
