import { MSG } from '@mde/contracts/messages';
import { ApiError } from '../../lib/api-client';

/** docs/spec.md §8 login failures: unauthorized, no connection, anything else. A throttled account keeps the server's text. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.unexpectedError;
  if (error.status === 401) return MSG.loginUnauthorized;
  if (error.status === 0) return MSG.loginNoConnection;
  // A throttled account and a disabled user (the only refusal after a correct password) keep the server's text.
  if (error.status === 429 || error.status === 403) return error.message;
  return MSG.unexpectedError;
}
