import { type FuzzRequest, fill, type Operation, operationsOf, type Rng, validValue } from './generate';
import type { Finding, Send } from './run';

// The key-reuse case: on every operation that takes an Idempotency-Key, a change that was applied under a
// key, then the same key with another body. The second must be refused with a 422 and change nothing, or a
// client's retry logic could silently apply a different request as if it were the first.

export interface KeyReuseResult {
  /** Keyed operations found in the document. */
  operations: number;
  /** Pairs whose first request was applied (2xx), so the key was taken. */
  tried: number;
  /** Second requests with the same key and another body that were not a 422. */
  accepted: number;
  findings: Finding[];
}

function keyedRequest(rng: Rng, op: Operation, url: string, key: string, cookie: string, body: unknown): FuzzRequest {
  const headers: Record<string, string> = { cookie, 'idempotency-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    method: op.method,
    url,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    kind: `key-reuse-${Math.floor(rng() * 1e6)}`,
  };
}

/** Path ids as the seeded store has them (1–20): random digits would only ever find nothing. */
function withSmallIds(rng: Rng, op: Operation, url: string): string {
  let path = op.path;
  for (const param of op.pathParams) {
    const digits = param.schema.pattern?.includes('\\d') || param.schema.type === 'integer';
    if (!digits) return url;
    path = path.replace(`{${param.name}}`, String(1 + Math.floor(rng() * 20)));
  }
  return path;
}

/** Tries each keyed operation up to `attempts` times until a first request is applied, then reuses its key. */
export async function runKeyReuseCase(
  rng: Rng,
  doc: unknown,
  send: Send,
  cookie: string,
  attempts = 20,
): Promise<KeyReuseResult> {
  const keyed = operationsOf(doc as Parameters<typeof operationsOf>[0]).filter((op) => op.keyed && op.body);
  const result: KeyReuseResult = { operations: keyed.length, tried: 0, accepted: 0, findings: [] };
  const call = (request: FuzzRequest) =>
    send(request).catch((error: Error) => ({ status: 0, body: `client error: ${error.message}` }));
  for (const op of keyed) {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const key = `fuzz-reuse-${Math.floor(rng() * 1e12)}`;
      const url = withSmallIds(rng, op, fill(rng, op, false));
      const firstBody = validValue(rng, op.body ?? {});
      const first = await call(keyedRequest(rng, op, url, key, cookie, firstBody));
      if (first.status < 200 || first.status >= 300) continue;
      let otherBody = validValue(rng, op.body ?? {});
      for (let i = 0; i < 10 && JSON.stringify(otherBody) === JSON.stringify(firstBody); i++) {
        otherBody = validValue(rng, op.body ?? {});
      }
      if (JSON.stringify(otherBody) === JSON.stringify(firstBody)) continue;
      result.tried++;
      const second = keyedRequest(rng, op, url, key, cookie, otherBody);
      const answer = await call(second);
      if (answer.status !== 422) {
        result.accepted++;
        result.findings.push({
          operation: op.label,
          kind: 'key-reuse',
          status: answer.status,
          request: second.body ?? '',
          body: answer.body.slice(0, 300),
        });
      }
      break;
    }
  }
  return result;
}
