import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../lib/app-error';

/** Until the API-key check is wired (BuildOptions.requireScope), the integration API lets nobody in. */
export const denyIntegrationScope =
  (_scope: string): preHandlerAsyncHookHandler =>
  async () => {
    throw forbidden();
  };
