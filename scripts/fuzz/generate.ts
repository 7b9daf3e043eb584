// Requests built from the server's own OpenAPI document: valid-looking ones with one thing wrong, and
// plainly broken ones. Everything comes from a seeded generator, so a run can be repeated exactly.

export type Rng = () => number;

/** mulberry32: small, fast and good enough to pick test cases. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const chance = (rng: Rng, p: number) => rng() < p;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
}

export interface Operation {
  method: string;
  /** The path template, as `/api/v1/articles/{id}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body?: JsonSchema;
  /** The operation takes an Idempotency-Key header (a resend with another body must be a 422). */
  keyed: boolean;
  /** The operation takes an integration API key (`Authorization: Bearer`), not the session cookie. */
  apiKey: boolean;
  /** The route's own label for the report, `GET /api/v1/articles/{id}`. */
  label: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  security?: Record<string, unknown>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the API (the documentation's own routes left out). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 20) return schema;
    if (schema.$ref) {
      const name = schema.$ref.split('/').at(-1) ?? '';
      return resolve(doc.components?.schemas?.[name], depth + 1);
    }
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) ?? {} })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) ?? {}, required: Boolean(p.required) })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
        keyed: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
        apiKey: (op.security ?? []).some((scheme) => 'bearerAuth' in scheme),
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}

// Values no schema expects: NUL and lone surrogates (no database stores them), huge and odd unicode
// strings, numbers and dates at and beyond every range.
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udbff\udbff',
  '😀'.repeat(300),
  'x'.repeat(10_000),
  '9'.repeat(400),
  "'; drop table article; --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00%ZZ%',
  '\u202egnirts',
  'ÄÖÜßäöü',
  '\t\r\n',
  '{}',
  'null',
  '-1',
  '1e309',
  'NaN',
];
const NASTY_NUMBERS = [-1, 0, 1.5, -0.000001, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER];
const NASTY_DATES = [
  '0000-01-01',
  '10000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-11-26T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00Z',
  '1970-01-01',
];

function nastyScalar(rng: Rng): unknown {
  switch (Math.floor(rng() * 6)) {
    case 0:
    case 1:
      return pick(rng, NASTY_STRINGS);
    case 2:
      return pick(rng, NASTY_NUMBERS);
    case 3:
      return pick(rng, NASTY_DATES);
    case 4:
      return pick(rng, [null, true, false, [], {}, [1, 2], { a: 1 }]);
    default:
      return pick(rng, ['ß'.repeat(2001), '\u0000'.repeat(50), `${'a'.repeat(100)}\ud800`]);
  }
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A value the schema accepts, as far as this generator can tell (patterns are not followed). */
export function validValue(rng: Rng, schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return pick(rng, schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return validValue(rng, pick(rng, union), depth + 1);
  if (schema.allOf?.length) return validValue(rng, schema.allOf[0] as JsonSchema, depth + 1);
  switch (typeOf(schema)) {
    case 'integer': {
      const min = schema.minimum ?? 1;
      const max = Math.min(schema.maximum ?? min + 1000, min + 1_000_000);
      return Math.floor(min + rng() * (max - min + 1));
    }
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 100;
      return Math.round((min + rng() * (max - min)) * 100) / 100;
    }
    case 'boolean':
      return chance(rng, 0.5);
    case 'array': {
      if (depth > 6) return [];
      const n = Math.max(schema.minItems ?? 0, Math.floor(rng() * 3));
      return Array.from({ length: Math.min(n, schema.maxItems ?? n) }, () =>
        validValue(rng, schema.items ?? {}, depth + 1),
      );
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || chance(rng, 0.5)) out[key] = validValue(rng, inner, depth + 1);
      }
      return out;
    }
    case 'null':
      return null;
    default:
      return validString(rng, schema);
  }
}

function validString(rng: Rng, schema: JsonSchema): string {
  if (schema.format === 'date') return pick(rng, ['2026-11-26', '2025-01-31', '2026-03-01']);
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 10, 26, 8, Math.floor(rng() * 60))).toISOString();
  if (schema.format === 'email') return 'demo@frischmarkt.example';
  if (schema.format === 'uuid') return '2b0c6a8e-4f0e-4c59-9a44-6d1c2f6b8a11';
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? 12, 24));
  const length = min + Math.floor(rng() * (max - min + 1));
  const alphabet = 'ABCDEFGHKLMNPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(rng() * alphabet.length)];
  return s;
}

/** The valid value with one thing wrong somewhere inside it. */
function mutate(rng: Rng, value: unknown, schema: JsonSchema, depth = 0): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < 6) {
    const obj = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(obj);
    const move = rng();
    if (keys.length > 0 && move < 0.55) {
      const key = pick(rng, keys);
      obj[key] = mutate(rng, obj[key], schema.properties?.[key] ?? {}, depth + 1);
    } else if (keys.length > 0 && move < 0.7) {
      delete obj[pick(rng, keys)];
    } else {
      obj[pick(rng, ['extra', '__proto__', 'constructor', '\u0000', '\ud800key', 'x'.repeat(300)])] = nastyScalar(rng);
    }
    return obj;
  }
  if (Array.isArray(value) && depth < 6) {
    if (value.length > 0 && chance(rng, 0.6)) {
      const copy = [...value];
      const i = Math.floor(rng() * copy.length);
      copy[i] = mutate(rng, copy[i], schema.items ?? {}, depth + 1);
      return copy;
    }
    return chance(rng, 0.5)
      ? Array.from({ length: 2000 }, () => validValue(rng, schema.items ?? {}, depth + 1))
      : [nastyScalar(rng)];
  }
  return nastyScalar(rng);
}

export interface FuzzRequest {
  method: string;
  /** Path and query, encoded as they go on the wire. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What this request tries, for the report. */
  kind: string;
}

/** encodeURIComponent, with lone surrogates sent as the bytes a careless client would send. */
export function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      }
      return encodeURIComponent(ch);
    }).join('');
  }
}

const BROKEN_BODIES = [
  '{"a":',
  '{',
  'null',
  '[]',
  '"text"',
  '12',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '\u0000',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  'x'.repeat(2_000_000),
];
// Bodies of an operation that reads its body itself (the integration imports: a JSON array or NDJSON as a
// stream, no body schema in the document): none at all, arrays and NDJSON of odd rows, and one larger than
// any import may be (INTEGRATION_MAX_BODY_BYTES is 8 MiB by default), which must be a 413 the client reads.
let oversize: string | undefined;
const OVERSIZE_BYTES = 9 * 1024 * 1024;
const oversizeBody = () => {
  oversize ??= `[${'0,'.repeat(OVERSIZE_BYTES / 2)}0]`;
  return oversize;
};

function streamedBody(rng: Rng, arrayOnly = false): { body?: string; contentType?: string; kind: string } {
  const roll = arrayOnly ? 0.2 + rng() * 0.35 : rng();
  const rows = () => Array.from({ length: 1 + Math.floor(rng() * 4) }, () => mutate(rng, { firma: 1 }, {}));
  if (roll < 0.15) return { kind: 'no-body' };
  if (roll < 0.2) return { body: oversizeBody(), contentType: 'application/json', kind: 'oversize-body' };
  if (roll < 0.55) return { body: JSON.stringify(rows()), contentType: 'application/json', kind: 'array-body' };
  if (roll < 0.85) {
    const lines = rows().map((row) => (chance(rng, 0.2) ? '{"firma": 1, "numb' : JSON.stringify(row)));
    return { body: lines.join('\n'), contentType: 'application/x-ndjson', kind: 'ndjson-body' };
  }
  return { body: pick(rng, BROKEN_BODIES), contentType: 'application/json', kind: 'broken-json' };
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
  'application/json; charset=utf-16',
  '',
];
const BAD_COOKIES = [
  'mde_session=',
  `mde_session=${'x'.repeat(5000)}`,
  'mde_session=%ZZ',
  'mde_session="unterminated',
  '=;=;=',
  'mde_session=a; mde_session=b',
  'mde_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '__Host-mde_session=abc',
];

export function fill(rng: Rng, op: Operation, nasty: boolean): string {
  let path = op.path;
  for (const param of op.pathParams) {
    const value = nasty && chance(rng, 0.7) ? nastyScalar(rng) : validValue(rng, param.schema);
    // Now and then a broken percent escape, as a hand-written client sends it.
    const raw = nasty && chance(rng, 0.1) ? pick(rng, ['%ZZ', '%', '%E0%A4%A', '%C0%AF', '%00']) : undefined;
    path = path.replace(
      `{${param.name}}`,
      raw ?? encodeLoose(typeof value === 'string' ? value : JSON.stringify(value)),
    );
  }
  const query: string[] = [];
  for (const param of op.query) {
    if (!param.required && chance(rng, 0.4)) continue;
    const value = nasty && chance(rng, 0.5) ? nastyScalar(rng) : validValue(rng, param.schema);
    query.push(`${encodeLoose(param.name)}=${encodeLoose(typeof value === 'string' ? value : JSON.stringify(value))}`);
  }
  if (nasty && chance(rng, 0.2))
    query.push(`${encodeLoose(pick(rng, NASTY_STRINGS))}=${encodeLoose(pick(rng, NASTY_STRINGS))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** An operation that reads its body itself with an API key: the integration imports. */
export const readsOwnBody = (op: Operation) => op.method !== 'GET' && op.method !== 'DELETE' && !op.body && op.apiKey;

/**
 * One request for an operation; `auth` holds the headers that sign it in (the demo user's session cookie, or
 * the integration API key on the operations that take one), or is undefined for anonymous. `arrayBody`: an
 * operation that reads its body itself gets a JSON array of odd rows, which its handler answers with 200.
 */
export function generateRequest(
  rng: Rng,
  op: Operation,
  auth: Record<string, string> | undefined,
  arrayBody = false,
): FuzzRequest {
  const headers: Record<string, string> = { ...auth };
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  if (hasBody) headers['idempotency-key'] = `fuzz-${Math.floor(rng() * 1e12)}`;
  const roll = arrayBody ? 0 : rng();
  // 60 % of the requests to an operation that reads its body itself carry such a body
  if (hasBody && !op.body && op.apiKey && roll < 0.6) {
    const { body, contentType, kind } = streamedBody(rng, arrayBody);
    if (contentType) headers['content-type'] = contentType;
    return { method: op.method, url: fill(rng, op, false), headers, body, kind };
  }
  // 15 %: a valid-looking request (so the handlers, not only the validation, see traffic)
  if (roll < 0.15) {
    const body = op.body ? JSON.stringify(validValue(rng, op.body)) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return { method: op.method, url: fill(rng, op, false), headers, body, kind: 'valid' };
  }
  // 40 %: valid but for one mutation in the body, or nasty parameters
  if (roll < 0.55) {
    const url = fill(rng, op, !op.body || chance(rng, 0.3));
    if (!op.body) return { method: op.method, url, headers, kind: 'nasty-params' };
    headers['content-type'] = 'application/json';
    return {
      method: op.method,
      url,
      headers,
      body: JSON.stringify(mutate(rng, validValue(rng, op.body), op.body)),
      kind: 'mutated-body',
    };
  }
  // 15 %: broken JSON
  if (roll < 0.7 && hasBody) {
    headers['content-type'] = 'application/json';
    return {
      method: op.method,
      url: fill(rng, op, false),
      headers,
      body: pick(rng, BROKEN_BODIES),
      kind: 'broken-json',
    };
  }
  // 10 %: wrong content type
  if (roll < 0.8 && hasBody) {
    const type = pick(rng, CONTENT_TYPES);
    if (type) headers['content-type'] = type;
    const body = op.body ? JSON.stringify(validValue(rng, op.body)) : 'a=1';
    return { method: op.method, url: fill(rng, op, false), headers, body, kind: 'content-type' };
  }
  // 10 %: a bad cookie instead of the session
  if (roll < 0.9) {
    headers.cookie = pick(rng, BAD_COOKIES);
    const body = op.body ? JSON.stringify(validValue(rng, op.body)) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return { method: op.method, url: fill(rng, op, false), headers, body, kind: 'bad-cookie' };
  }
  // the rest: everything nasty at once
  const body = op.body ? JSON.stringify(nastyScalar(rng)) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method: op.method, url: fill(rng, op, true), headers, body, kind: 'nasty' };
}
