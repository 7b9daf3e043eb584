import { MSG } from '@mde/contracts';

/** A failure the client may see: status, machine code and a German sentence (docs/spec.md §8 where it has one). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries besides the body (Retry-After of a throttled request). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const badRequest = (message: string = MSG.badRequest, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
