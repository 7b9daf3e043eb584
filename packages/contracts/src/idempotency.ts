import { z } from './zod';

/** The header a client sends with a write it may send again (an outbox, an ERP link's retry). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeyPattern = /^[\w.:-]{8,100}$/;

export const IDEMPOTENCY_MSG = {
  keyReused: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet',
} as const;

/**
 * The key as a route declares it in its headers schema: documented with its pattern in the OpenAPI document,
 * which is also how the server's own tests find every route that takes one. The route checks the pattern
 * itself, with its own German sentence for a missing or broken key.
 */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: 'Ungültiger Idempotency-Key' })
    .meta({ pattern: idempotencyKeyPattern.source, example: 'erp-20250602-000117' })
    .optional(),
});
