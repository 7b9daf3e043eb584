import { type FuzzRequest, generateRequest, type Operation, operationsOf, readsOwnBody, seededRng } from './generate';

export interface FuzzAnswer {
  status: number;
  body: string;
}
/** Sends one request; the runner gives up on it (a hang) after the timeout. */
export type Send = (request: FuzzRequest) => Promise<FuzzAnswer>;

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Requests on their way at once. */
  concurrency?: number;
  timeoutMs?: number;
  /** The demo user's session cookie; half the requests carry it. */
  cookie: string;
  /**
   * An integration API key: half the requests to the operations that take one carry it instead of the cookie
   * (without it they all go anonymous and are refused before their body is read).
   */
  apiKey?: string;
}

export interface Finding {
  operation: string;
  kind: string;
  status: number | 'hang';
  request: string;
  body: string;
}

export interface FuzzResult {
  requests: number;
  '5xx': number;
  hangs: number;
  englishBodies: number;
  /** Requests the client could not complete (connection closed or refused): no answer to judge. */
  connectionErrors: number;
  /** Per operation: count by status ('hang' for no answer in time). */
  byOperation: Record<string, Record<string, number>>;
  findings: Finding[];
}

// Words of English error texts (Fastify's, zod's, Node's); German answers use none of them as words.
const ENGLISH =
  /\b(the|is|must|invalid|expected|received|error|required|not found|bad request|unexpected|should|too (big|small|long|short)|at least|at most|format|unknown|failed|cannot|body|route)\b/i;

/** An error answer that is not the German { message, code } shape, or whose texts read as English. */
export function isEnglishError(answer: FuzzAnswer): boolean {
  if (answer.status < 400) return false;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return true;
  }
  if (!json || typeof json !== 'object') return true;
  const { message, code, fields } = json as { message?: unknown; code?: unknown; fields?: unknown };
  if (typeof message !== 'string' || typeof code !== 'string') return true;
  const texts = [message, ...(fields && typeof fields === 'object' ? Object.values(fields) : [])];
  return texts.some((text) => typeof text !== 'string' || ENGLISH.test(text));
}

const short = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}…` : text);

/** Sends `requests` generated requests spread over every operation and counts what came back. */
export async function runFuzz(openApi: unknown, send: Send, options: FuzzOptions): Promise<FuzzResult> {
  const operations = operationsOf(openApi as Parameters<typeof operationsOf>[0]);
  if (operations.length === 0) throw new Error('no operations in the OpenAPI document');
  const rng = seededRng(options.seed);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const result: FuzzResult = {
    requests: 0,
    '5xx': 0,
    hangs: 0,
    englishBodies: 0,
    connectionErrors: 0,
    byOperation: {},
    findings: [],
  };
  // Generated up front, in order, so the seed alone decides the requests whatever the timing.
  const plan: { op: Operation; request: FuzzRequest }[] = [];
  for (let i = 0; i < options.requests; i++) {
    const op = operations[i % operations.length] as Operation;
    // The real session never goes to logout: the rest of the run would be anonymous.
    const authenticated = rng() < 0.5 && !op.path.endsWith('/logout');
    const auth: Record<string, string> =
      op.apiKey && options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : { cookie: options.cookie };
    // An import's first request carries the key and a JSON array, so that its handler, not only the checks in
    // front of it, gets traffic whatever the seed and however many operations the document has (about six
    // requests each: left to chance, one import in four got no 200 at all).
    const first = i < operations.length && readsOwnBody(op) && options.apiKey !== undefined;
    const signed = first || authenticated;
    plan.push({ op, request: generateRequest(rng, op, signed ? auth : undefined, first) });
  }
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const { op, request } = plan[next++] as (typeof plan)[number];
      const answer = await Promise.race([
        send(request).catch((error: Error): FuzzAnswer => ({ status: 0, body: `client error: ${error.message}` })),
        new Promise<'hang'>((resolve) => setTimeout(() => resolve('hang'), timeoutMs).unref()),
      ]);
      result.requests++;
      const counts = result.byOperation[op.label] ?? {};
      result.byOperation[op.label] = counts;
      const status = answer === 'hang' ? 'hang' : answer.status;
      counts[status] = (counts[status] ?? 0) + 1;
      const finding = (body: string) =>
        result.findings.push({
          operation: op.label,
          kind: request.kind,
          status,
          request: short(`${request.method} ${request.url} ${request.body ?? ''}`),
          body: short(body),
        });
      if (answer === 'hang') {
        result.hangs++;
        finding('');
      } else if (answer.status === 0) {
        result.connectionErrors++;
        finding(answer.body);
      } else if (answer.status >= 500) {
        result['5xx']++;
        finding(answer.body);
      } else if (isEnglishError(answer)) {
        result.englishBodies++;
        finding(answer.body);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return result;
}
