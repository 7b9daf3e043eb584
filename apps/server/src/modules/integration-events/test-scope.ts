import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../../lib/app-error';

/** Tests' stand-in for the API-key check: the scopes a request has are listed in one header. */
export const SCOPE_HEADER = 'x-test-scopes';
export const fakeRequireScope =
  (scope: string): preHandlerAsyncHookHandler =>
  async (request) => {
    const granted = String(request.headers[SCOPE_HEADER] ?? '').split(',');
    if (!granted.includes(scope)) throw forbidden();
  };
export const withScopes = (...scopes: string[]) => ({ [SCOPE_HEADER]: scopes.join(',') });
