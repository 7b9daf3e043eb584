import { DEMO_GIFT_CARDS } from '../../apps/server/src/seed/gift-cards-seed';
import { type FuzzRequest, type Operation, operationsOf } from './generate';
import type { Finding, Send } from './run';

// The key-reuse case: on every operation that takes an Idempotency-Key, a change that was applied under a
// key, then the same key with another request. The second must be refused with a German 422 and change
// nothing, or a client's retry logic could silently apply a different request as if it were the first.
// Random bodies are refused before a key is ever taken, so each first request is built the way a client
// builds it: from ids the server lists (locations, articles, suppliers, orders) and the demo data.

export interface KeyReuseResult {
  /** Keyed operations found in the document. */
  operations: number;
  /** Pairs whose first request was applied (2xx), so the key was taken. */
  tried: number;
  /** Second requests with the same key and another request that were not a German 422 that changed nothing. */
  accepted: number;
  /** Keyed operations no applied first request could be built for, with why. */
  skipped: string[];
  findings: Finding[];
}

export interface KeyReuseOptions {
  /** An integration API key with the import scopes; without one the import routes are reported skipped. */
  apiKey?: string;
}

interface Call {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}
type Get = (url: string) => Promise<unknown>;
type Raw = (call: Call) => Promise<{ status: number; body: string }>;
interface Client {
  get: Get;
  raw: Raw;
  apiKey?: string;
}
/** A first request the server applies, and another one under the same key that it must refuse. */
type Build = (client: Client) => Promise<{ first: Call; other: Call }>;

interface Article {
  idartstamm: number;
  number: string;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function articles(client: Client): Promise<Article[]> {
  const page = (await client.get('/api/v1/articles?pageSize=50')) as { items?: Article[] };
  return page.items ?? [];
}

/** An article of the session's vkforg with a supplier that delivers it. */
async function articleWithSupplier(client: Client) {
  for (const article of (await articles(client)).slice(0, 15)) {
    const suppliers = (await client.get(`/api/v1/articles/${article.idartstamm}/suppliers`)) as
      | { supplierId: number; supplierNumber: string }[]
      | undefined;
    const supplier = Array.isArray(suppliers) ? suppliers[0] : undefined;
    if (supplier) return { article, supplier };
  }
  throw new Error('kein Artikel mit Lieferant');
}

async function captureHeader(client: Client, module: string, supplierId: number) {
  if (module === 'ordering') return { datum: tomorrow() };
  if (module === 'inventory-count') return { lager: 1101, belegdatum: tomorrow() };
  if (module === 'returns') return { belegdatum: tomorrow(), supplierId };
  if (module === 'goods-receipt-check') {
    const orders = (await client.get('/api/v1/belege?variante=BESTELLUNG')) as { id?: unknown }[];
    return { art: 'BESTELLUNG', documentId: Array.isArray(orders) ? orders[0]?.id : undefined };
  }
  return undefined;
}

/** A capture module's export: one line synced first (an empty capture has nothing to export). */
const captureExport =
  (module: string): Build =>
  async (client) => {
    const { article, supplier } = await articleWithSupplier(client);
    const header = await captureHeader(client, module, supplier.supplierId);
    if (header) {
      const res = await client.raw({ method: 'PUT', url: `/api/v1/captures/${module}/header`, body: header });
      if (res.status !== 200) throw new Error(`header ${res.status} ${res.body.slice(0, 120)}`);
    }
    const line = await client.raw({
      method: 'PUT',
      url: `/api/v1/captures/${module}/lines/${crypto.randomUUID()}`,
      body: {
        articleId: article.idartstamm,
        quantity: 2,
        capturedAt: new Date().toISOString(),
        ...(module === 'returns' ? { reason: 'defekt' } : {}),
      },
    });
    if (line.status !== 200) throw new Error(`line ${line.status} ${line.body.slice(0, 120)}`);
    const first = {
      method: 'POST',
      url: `/api/v1/captures/${module}/export`,
      body: module === 'ordering' ? { edi: false } : {},
    };
    return { first, other: { ...first, body: { edi: true } } };
  };

let used = 0;
/** A storage location with no article yet (each case takes its own). */
async function emptyLocation(client: Client) {
  const listed = (await client.get('/api/v1/storage-locations')) as { id: number; articleCount: number }[];
  const empty = (Array.isArray(listed) ? listed : []).filter((l) => l.articleCount === 0);
  const location = empty[used++ % Math.max(empty.length, 1)];
  if (!location) throw new Error('kein leerer Lagerplatz');
  return location;
}

async function freshAssignment(client: Client) {
  const location = await emptyLocation(client);
  const [article] = await articles(client);
  if (!article) throw new Error('kein Artikel');
  const res = await client.raw({
    method: 'POST',
    url: `/api/v1/storage-locations/${location.id}/articles`,
    body: { articleId: article.idartstamm, quantity: 5, minQuantity: 2, maxQuantity: 10 },
  });
  if (res.status !== 201) throw new Error(`assign ${res.status} ${res.body.slice(0, 120)}`);
  const version = (JSON.parse(res.body) as { version: number }).version;
  return { url: `/api/v1/storage-locations/${location.id}/articles/${article.idartstamm}`, version };
}

const BUILDERS: Record<string, Build> = {
  'POST /api/v1/delivery-notes/': async (client) => {
    const { article, supplier } = await articleWithSupplier(client);
    const context = (await client.get('/api/v1/security/user/context')) as { vkforgid: number };
    const note = {
      supplierNumber: supplier.supplierNumber,
      number: `FUZZ-${Date.now()}-${used++}`,
      date: tomorrow(),
      vkforgId: context.vkforgid,
      lines: [{ articleCode: article.number, quantity: 12 }],
    };
    const first = { method: 'POST', url: '/api/v1/delivery-notes', body: note };
    return { first, other: { ...first, body: { ...note, lines: [{ articleCode: article.number, quantity: 13 }] } } };
  },
  'POST /api/v1/storage-locations/{id}/articles': async (client) => {
    const location = await emptyLocation(client);
    const [article] = await articles(client);
    const url = `/api/v1/storage-locations/${location.id}/articles`;
    const values = { articleId: article?.idartstamm, quantity: 5, minQuantity: 2, maxQuantity: 10 };
    return {
      first: { method: 'POST', url, body: values },
      other: { method: 'POST', url, body: { ...values, quantity: 6 } },
    };
  },
  'PUT /api/v1/storage-locations/{id}/articles/{articleId}': async (client) => {
    const { url, version } = await freshAssignment(client);
    const values = { quantity: 7, minQuantity: 2, maxQuantity: 10, version };
    return {
      first: { method: 'PUT', url, body: values },
      other: { method: 'PUT', url, body: { ...values, quantity: 8 } },
    };
  },
  'DELETE /api/v1/storage-locations/{id}/articles/{articleId}': async (client) => {
    const { url, version } = await freshAssignment(client);
    return {
      first: { method: 'DELETE', url: `${url}?version=${version}` },
      other: { method: 'DELETE', url: `${url}?version=${version + 1}` },
    };
  },
  'POST /api/v1/coupon-card/coupon-card': async () => {
    const card = DEMO_GIFT_CARDS.firma1Full;
    const body = { type: card.type, code: card.code, action: 'REDEEM', amount: 1 };
    const first = { method: 'POST', url: '/api/v1/coupon-card/coupon-card', body };
    return { first, other: { ...first, body: { ...body, amount: 2 } } };
  },
};

const CAPTURE_EXPORT = /^POST \/api\/v1\/captures\/([a-z-]+)\/export$/;
const INTEGRATION_IMPORT = /^PUT (\/api\/integration\/v1\/[a-z-]+)$/;

function builderFor(op: Operation): Build | string {
  const known = BUILDERS[op.label];
  if (known) return known;
  const capture = CAPTURE_EXPORT.exec(op.label);
  if (capture?.[1]) return captureExport(capture[1]);
  const integration = INTEGRATION_IMPORT.exec(op.label);
  if (integration?.[1]) {
    const url = integration[1];
    // An empty import is applied and answers a count of nothing; a row is another request.
    return async (client) => {
      if (!client.apiKey) throw new Error('kein API-Schlüssel');
      const headers = { authorization: `Bearer ${client.apiKey}` };
      return {
        first: { method: 'PUT', url, headers, body: [] },
        other: { method: 'PUT', url, headers, body: [{ firma: 1 }] },
      };
    };
  }
  return 'keine Anfrage bekannt';
}

const isGermanReuse = (body: string) => {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return (
      parsed.code === 'IDEMPOTENCY_KEY_REUSED' &&
      typeof parsed.message === 'string' &&
      /Idempotency-Key|Änderungsschlüssel/.test(parsed.message)
    );
  } catch {
    return false;
  }
};

/** For each keyed operation: a first request the server applies, then the same key with another request. */
export async function runKeyReuseCase(
  doc: unknown,
  send: Send,
  cookie: string,
  options: KeyReuseOptions = {},
): Promise<KeyReuseResult> {
  const keyed = operationsOf(doc as Parameters<typeof operationsOf>[0]).filter((op) => op.keyed);
  const result: KeyReuseResult = { operations: keyed.length, tried: 0, accepted: 0, skipped: [], findings: [] };
  const request = (call: Call, key?: string): FuzzRequest => {
    const headers: Record<string, string> = { cookie, ...call.headers };
    if (key) headers['idempotency-key'] = key;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return {
      method: call.method,
      url: call.url,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      kind: 'key-reuse',
    };
  };
  const raw: Raw = (call) =>
    send(request(call)).catch((error: Error) => ({ status: 0, body: `client error: ${error.message}` }));
  const get: Get = async (url) => {
    const answer = await raw({ method: 'GET', url });
    return answer.status === 200 ? JSON.parse(answer.body) : undefined;
  };
  const client: Client = { get, raw, apiKey: options.apiKey };
  const keyedCall = (call: Call, key: string) =>
    send(request(call, key)).catch((error: Error) => ({ status: 0, body: `client error: ${error.message}` }));
  for (const op of keyed) {
    const build = builderFor(op);
    if (typeof build === 'string') {
      result.skipped.push(`${op.label}: ${build}`);
      continue;
    }
    let pair: Awaited<ReturnType<Build>>;
    try {
      pair = await build(client);
    } catch (error) {
      result.skipped.push(`${op.label}: ${(error as Error).message}`);
      continue;
    }
    const key = `fuzz-reuse-${crypto.randomUUID()}`;
    const first = await keyedCall(pair.first, key);
    if (first.status < 200 || first.status >= 300) {
      result.skipped.push(`${op.label}: erste Anfrage ${first.status} ${first.body.slice(0, 120)}`);
      continue;
    }
    result.tried++;
    const second = await keyedCall(pair.other, key);
    // Not applied: the key still answers the first request's answer, word for word.
    const replay = await keyedCall(pair.first, key);
    const refused = second.status === 422 && isGermanReuse(second.body);
    const unchanged = replay.status === first.status && replay.body === first.body;
    if (!refused || !unchanged) {
      result.accepted++;
      result.findings.push({
        operation: op.label,
        kind: refused ? 'key-reuse-applied' : 'key-reuse',
        status: second.status,
        request: JSON.stringify(pair.other.body ?? pair.other.url),
        body: (refused ? replay.body : second.body).slice(0, 300),
      });
    }
  }
  return result;
}
