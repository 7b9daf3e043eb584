import { BACKGROUND_REQUEST_HEADER } from '@mde/contracts/background-request';
import { CLAIMS_HEADER, isClaimsPath } from '@mde/contracts/claims-paths';
import { MSG } from '@mde/contracts/messages';
import { emitSessionEnded, type SessionEnd } from './auth-events';
import { apiBaseUrl } from './connection-store';
import { isBackgroundNow } from './person-activity';

/** Every failed call: the server's German message, its machine code and field messages for forms. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded by apiFetch. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The app's own work (a poll, a sync): it must not count as the person's activity for the idle limit.
   * Without it a request is background only when the person has done nothing for a few seconds.
   */
  background?: boolean;
}

function isErrorBody(v: unknown): v is { message: string; code: string; fields?: Record<string, string> } {
  return !!v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a non-2xx answer into an ApiError; pure so it can be tested without a server. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(body.message, status, typeof body.code === 'string' ? body.code : 'ERROR', body.fields ?? {});
  }
  return new ApiError(MSG.unexpectedError, status, 'UNEXPECTED');
}

/**
 * A 401 of a session call: the session has ended (timed out, or logged out or revoked elsewhere). Any screen
 * that meets it goes to the login; a failed login (LOGIN_FAILED) is the form's own business.
 */
export function sessionEndOf(error: ApiError): SessionEnd | null {
  if (error.status !== 401) return null;
  if (error.code === 'SESSION_EXPIRED') return 'expired';
  if (error.code === 'NOT_AUTHENTICATED') return 'signed-out';
  return null;
}

export const networkError = () => new ApiError(MSG.loginNoConnection, 0, 'NETWORK');

/** docs/spec.md §7: only requests to a claims-related URL carry the claims (the list is in contracts). */
export const isClaimsUrl = isClaimsPath;

// The claims live in the device database, which the session subsystem owns; lib/ is below it and is handed
// the reader at start-up (main.tsx) instead of importing it.
type ClaimsSource = () => Promise<object | undefined>;
let claimsSource: ClaimsSource = async () => undefined;
export const setClaimsSource = (source: ClaimsSource) => {
  claimsSource = source;
};

async function buildHeaders(path: string, init: ApiInit): Promise<Headers> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.background ?? isBackgroundNow()) headers.set(BACKGROUND_REQUEST_HEADER, '1');
  if (isClaimsUrl(path)) {
    const claims = await claimsSource();
    if (claims) headers.set(CLAIMS_HEADER, JSON.stringify(claims));
  }
  return headers;
}

/**
 * Opens a long answer of the MDE API (Server-Sent Events) and hands back the response to read from; a refusal
 * is an ApiError as with apiFetch (a session that ended is told the same way).
 */
export async function apiStream(path: string, init: ApiInit = {}): Promise<Response> {
  const headers = await buildHeaders(path, init);
  headers.set('accept', 'text/event-stream');
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, { headers, credentials: 'include', signal: init.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) {
    const error = toApiError(response.status, await readJson(response));
    const ended = sessionEndOf(error);
    if (ended) emitSessionEnded(ended);
    throw error;
  }
  return response;
}

/** Calls the MDE API (path without the base, e.g. '/v1/security/user/context'). */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: await buildHeaders(path, init),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      // Another MDE server (connection settings) needs its session cookie too; it answers only listed apps.
      credentials: 'include',
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  const body = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, body);
    const ended = sessionEndOf(error);
    if (ended) emitSessionEnded(ended);
    throw error;
  }
  return body as T;
}
