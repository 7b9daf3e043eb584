import { findUnsafeInput, SAFE_INPUT_MSG } from '@mde/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { hookList } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers input no database can store item by item itself (a sync batch refuses only the
     * changes that hold it), so the guard in front of every other route leaves it alone.
     */
    checksUnsafeInputItself?: boolean;
  }
}

// Names neither the value nor where it sits: the value may be anything a client sent.
const unsafeInput = () => new AppError(400, 'UNSAFE_INPUT', SAFE_INPUT_MSG.unsafeText);

function refuseUnsafeInput(request: FastifyRequest) {
  if (findUnsafeInput(request.params) || findUnsafeInput(request.query) || findUnsafeInput(request.body)) {
    throw unsafeInput();
  }
}

/**
 * Input no database can store (NUL, lone surrogates) never reaches a handler of /api: one check on the
 * parsed body, query and parameters before validation, so every route refuses it the same way.
 */
export function registerUnsafeInputGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.checksUnsafeInputItself) return;
    const guard = async (request: FastifyRequest) => refuseUnsafeInput(request);
    route.preValidation = [guard, ...hookList(route.preValidation)];
  });
}
