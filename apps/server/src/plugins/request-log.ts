import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * A request id unique across instances and restarts (Fastify counts req-1, req-2 … per process), so a line
 * from either instance behind the proxy names one request.
 */
export const newRequestId = () => randomUUID();

/** Where log lines go instead of standard output (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Logger options of the app: JSON lines, headers that carry credentials never written even if a request or
 * response object is logged somewhere, errors from the database without the values they quote.
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["idempotency-key"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: { err: errorForLog },
    ...(stream ? { stream } : {}),
  };
}

type LoggedError = Error & {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  constraint?: unknown;
  routine?: unknown;
};

/**
 * A database error's message, detail and context quote the values of the statement (a gift-card code in a
 * unique violation, a token in a type error): only its kind and where it arose are logged. Other errors
 * keep message and stack.
 */
export function errorForLog(error: LoggedError) {
  if (!(error instanceof Error)) return error;
  if (typeof error.severity === 'string') {
    return {
      type: error.name,
      message: `database error ${String(error.code)}`,
      code: error.code,
      table: error.table,
      constraint: error.constraint,
      routine: error.routine,
      stack: error.stack?.split('\n').slice(1).join('\n') ?? '',
    };
  }
  return { type: error.name, message: error.message, code: error.code, stack: error.stack ?? '' };
}

/**
 * One JSON line per finished request instead of Fastify's two: request id, route pattern (never the URL,
 * whose path may hold a gift-card code), status, duration, user and vkforg of the session. Bodies, headers
 * and query strings are never logged. Routes with logLevel 'silent' (health probes) write nothing.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.auth?.userId ?? null,
      vkforg: request.auth?.vkforgId ?? null,
    };
    // A response that broke off (the client went away) says so, with the error's kind only.
    if (error) request.log.warn({ ...line, aborted: error.name }, 'request');
    else request.log.info(line, 'request');
  }
}
