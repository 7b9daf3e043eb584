import type { Permission } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth';

export const ARTICLE_INFO_ACCESS = { anyPermission: ['ARTIKELINFO'] as Permission[] };

// Lookup by code is the hot path of every capture module, so each of their permissions opens it.
export const ARTICLE_LOOKUP_ACCESS = {
  anyPermission: [
    'ARTIKELINFO',
    'BESTELLVORSCHLAG',
    'BESTELLUNG',
    'INVENTUR',
    'WARENVERPROBUNG',
    'RETOUREN',
    'ARTIKELVORRAT',
    'SOFTAPPS.DELIVERY_NOTE_EDIT',
  ] as Permission[],
};

/** The session's firma, vkforg and user: every article query is scoped by them. */
export const scopeOf = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  return { firmaId: auth.firmaId, vkforgId: auth.vkforgId, userId: auth.userId };
};
