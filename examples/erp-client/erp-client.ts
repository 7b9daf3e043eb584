// The reference client of the MDE integration API, in the three things an ERP does with it: send master data as
// CSV, take the store's work out of the event feed, and receive the same events as signed webhooks. Read it top
// to bottom; cli.ts wires it to the command line. Nothing here is MDE-internal: only HTTP, files and the
// `standardwebhooks` package, as an ERP team would write it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** Where the MDE server is and the API key the ERP was given (`npm run admin -- api-key create …`). */
export interface Connection {
  /** e.g. https://mde.example.de (without /api) */
  baseUrl: string;
  apiKey: string;
}

/** One refused row of an import, with the line and column of the CSV file. */
export interface Refusal {
  index: number;
  field: string;
  message: string;
  line?: number;
  column?: string;
}

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rejections: Refusal[];
}

/** An answer the server refused as a whole (401 key, 403 scope, 400 header …): its German message and code. */
export class MdeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

async function call(connection: Connection, path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl}/api/integration/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${connection.apiKey}`, accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    // No answer at all (server down, wrong address, TLS): nothing was taken, the same call can be made again.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`Keine Verbindung zu ${connection.baseUrl}: ${cause}`);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (!response.ok) throw new MdeError(response.status, body.code ?? 'ERROR', body.message ?? response.statusText);
  return body;
}

/**
 * 1. Master data in: the CSV file as the ERP exports it for `npm run import` (German Excel is fine: `;`,
 * Windows-1252, decimal comma). One import run is one request under one Idempotency-Key: when the answer is lost
 * (no connection, a proxy's 502/503/504, the rate limit's 429) the same request is sent again under the same
 * key, and the server answers what it did the first time instead of doing it twice. The next run of the same
 * file is a new request (a new key): it reads the file against the data as it is then. Refused rows name their
 * line and column.
 */
export async function importCsv(
  connection: Connection,
  kind: string,
  file: string,
  options: { idempotencyKey?: string; attempts?: number; retryAfterMs?: number } = {},
): Promise<ImportResult> {
  const body = fs.readFileSync(file);
  const headers = { 'content-type': 'text/csv', 'idempotency-key': options.idempotencyKey ?? randomUUID() };
  const attempts = options.attempts ?? 4;
  for (let attempt = 1; ; attempt++) {
    try {
      return (await call(connection, `/${kind}`, { method: 'PUT', headers, body })) as ImportResult;
    } catch (error) {
      const again = !(error instanceof MdeError) || [429, 502, 503, 504].includes(error.status);
      if (!again || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, (options.retryAfterMs ?? 1000) * attempt));
    }
  }
}

/** An event of the feed (and the `data` of a webhook): its type and time, where it happened, the whole document. */
export interface MdeEvent {
  id: string;
  type: string;
  time: string;
  firma: number;
  vkforg: number | null;
  document: Record<string, unknown>;
  [more: string]: unknown;
}

interface FeedPage {
  events: MdeEvent[];
  next: string;
}

/**
 * 2. The store's work out: reads the feed from the cursor kept in `cursorFile` and hands each event to `handle`,
 * oldest first. The cursor is saved after each page is handled, so a crash repeats at most that page: `handle`
 * must take an event twice without harm (use its `id`). Returns how many events were handled; call it on a
 * timer, or with `follow` below.
 */
export async function readFeed(
  connection: Connection,
  cursorFile: string,
  handle: (event: MdeEvent) => Promise<void> | void,
  options: { types?: string[]; limit?: number } = {},
): Promise<number> {
  let handled = 0;
  for (;;) {
    const cursor = fs.existsSync(cursorFile) ? fs.readFileSync(cursorFile, 'utf8').trim() : '';
    const query = new URLSearchParams({ limit: String(options.limit ?? 100) });
    if (cursor) query.set('after', cursor);
    if (options.types) query.set('types', options.types.join(','));
    const page = (await call(connection, `/events?${query}`)) as FeedPage;
    for (const event of page.events) await handle(event);
    handled += page.events.length;
    // Written whole or not at all (a new file renamed over the old), and readable by its owner only.
    fs.writeFileSync(`${cursorFile}.neu`, page.next, { mode: 0o600 });
    fs.renameSync(`${cursorFile}.neu`, cursorFile);
    if (page.events.length === 0 || page.next === cursor) return handled;
  }
}

/** Reads the feed every `everyMs` until `signal` aborts. */
export async function follow(
  connection: Connection,
  cursorFile: string,
  handle: (event: MdeEvent) => Promise<void> | void,
  signal: AbortSignal,
  everyMs = 5000,
): Promise<void> {
  while (!signal.aborted) {
    await readFeed(connection, cursorFile, handle);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * 3. Webhooks: an HTTP endpoint for a subscription (`npm run admin -- webhook create --url … --events …`) that
 * checks every delivery's signature with the subscription's secret (`whsec_…`) before it believes a word of it:
 * a forged, altered or replayed (older than five minutes) delivery gets 401 and is never handled. MDE retries a
 * delivery that got no 2xx, so one id can come twice: handled once.
 */
export async function receiveWebhooks(
  secret: string,
  handle: (event: MdeEvent) => Promise<void> | void,
  options: { port?: number; host?: string } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const verifier = new Webhook(secret);
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let event: MdeEvent;
      try {
        // The Standard Webhooks body: { type, timestamp, data: the event as the feed has it }.
        event = (verifier.verify(body, headers) as { data: MdeEvent }).data;
      } catch {
        response.writeHead(401).end();
        return;
      }
      try {
        if (!seen.has(headers['webhook-id'])) await handle(event);
        seen.add(headers['webhook-id']);
        response.writeHead(204).end();
      } catch {
        // Not handled: a 5xx makes MDE deliver it again later.
        response.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
