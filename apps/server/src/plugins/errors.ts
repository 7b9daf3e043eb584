import { INTEGRATION_API_VERSION, INTEGRATION_API_VERSION_HEADER, MSG } from '@mde/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { closeAfterAnswer } from '../lib/close-after-answer';
import { INTEGRATION_PREFIX } from './auth';
import { routeMethods } from './method-not-allowed';
import type { SecurityHeaders } from './security';

// A script, style or worker that is not there is a 404: the shell's HTML in its place would be run as a worker
// or a chunk and fail there with a message about the wrong type instead of the missing file.
const MISSING_FILE = /\.(js|mjs|css|wasm|map)$/;

/** One error shape for every failure: { message, code, fields? }; no internals ever leave on a 5xx. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spa: boolean; securityHeaders: SecurityHeaders },
) {
  const methodsOf = routeMethods(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, fields: error.fields && boundedFields(error.fields) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: MSG.badRequest, code: 'VALIDATION', fields: fieldMessages(error) });
    }
    const known = mapFrameworkError(error) ?? mapDataException(error);
    // A body over the bound is refused before it has arrived: the client reads the 413, then the connection closes.
    if (known?.status === 413) reply.headers(closeAfterAnswer(request.raw));
    if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MSG.unexpectedError, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    // No route, so no route hook has set them.
    reply.headers(options.securityHeaders.forPath(request.url));
    if (request.url.startsWith(INTEGRATION_PREFIX))
      reply.header(INTEGRATION_API_VERSION_HEADER, INTEGRATION_API_VERSION);
    // Client-side routes: a reload on /mde-inventur/start must get the app shell.
    if (
      options.spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !MISSING_FILE.test(request.url.split('?')[0] ?? '')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const allowed = methodsOf(request.url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ message: MSG.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' });
    }
    return reply.status(404).send({ message: MSG.routeNotFound, code: 'NOT_FOUND' });
  });
}

// An error body stays small whatever the request held (60,000 unknown keys were a 1.6 MB answer): a few
// fields, each named by a short plain path; anything else is reported as the request's ('_').
const MAX_FIELDS = 10;
const PLAIN_PATH = /^[\w.-]{1,64}$/;

type ZodValidationError = FastifyError & {
  validation: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[];
};

function fieldMessages(error: ZodValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const issue of error.validation) {
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[] | undefined) : undefined;
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const named = unknownKeys?.[0] ? [path, unknownKeys[0]].filter(Boolean).join('.') : path;
    const key = PLAIN_PATH.test(named) ? named : '_';
    if (key in fields) continue;
    // A wrong JSON type is no user's typing (forms send the right types): the plain German word for it,
    // not zod's sentence about JavaScript types.
    const typeError = issue.keyword === 'invalid_type';
    fields[key] = unknownKeys ? MSG.unknownField : (!typeError && issue.message) || MSG.invalidValue;
    if (++count >= MAX_FIELDS) break;
  }
  return fields;
}

function boundedFields(fields: Record<string, string>): Record<string, string> {
  const bounded: Record<string, string> = {};
  let count = 0;
  for (const [name, message] of Object.entries(fields)) {
    const key = PLAIN_PATH.test(name) ? name : '_';
    if (key in bounded) continue;
    bounded[key] = message.slice(0, 200);
    if (++count >= MAX_FIELDS) break;
  }
  return bounded;
}

function mapFrameworkError(error: FastifyError): { status: number; code: string; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'MALFORMED_JSON', message: MSG.malformedJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.badRequest };
    case 'FST_ERR_VALIDATION':
      return { status: 400, code: 'VALIDATION', message: MSG.badRequest };
  }
  if (error.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', message: MSG.tooManyRequests };
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return { status: 400, code: 'BAD_REQUEST', message: MSG.badRequest };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, code: 'BAD_REQUEST', message: MSG.badRequest };
  }
  return undefined;
}

// SQLSTATE class 22 (data exception: bad byte sequence, date out of range, text that is no number …) is
// always a value the client sent that the database cannot take; the statement changed nothing.
function mapDataException(error: unknown): { status: number; code: string; message: string } | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
    return { status: 400, code: 'INVALID_DATA', message: MSG.invalidData };
  }
  return undefined;
}
