import { MSG } from '@mde/contracts/messages';
import { ApiError } from '../../lib/api-client';

/** docs/spec.md §8 login failures: unauthorized, no connection, anything else. A throttled account keeps the server's text. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.unexpectedError;
  if (error.status === 401) return MSG.loginUnauthorized;
  if (error.status === 0) return MSG.loginNoConnection;
  if (error.status === 429) return error.message;
  return MSG.unexpectedError;
}
