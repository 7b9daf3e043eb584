import { CAPTURE_MODULE_INFOS, type Permission } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth';

export const ARTICLE_INFO_ACCESS = { anyPermission: ['ARTIKELINFO'] as Permission[] };

// Lookup by code is the hot path of every capture module, so each of their permissions opens it; the capture
// modules' come from contracts' list, so a new module needs no line here.
export const ARTICLE_LOOKUP_ACCESS = {
  anyPermission: [
    'ARTIKELINFO',
    ...CAPTURE_MODULE_INFOS.map((m) => m.permission),
    'SOFTAPPS.DELIVERY_NOTE_EDIT',
  ] as Permission[],
};

/** The session's firma, vkforg and user: every article query is scoped by them. */
export const scopeOf = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  return { firmaId: auth.firmaId, vkforgId: auth.vkforgId, userId: auth.userId };
};
