import { ADMIN_MSG } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { adminFirmaIds } from './admin-scope.repository';

export { adminFirmaIds, firmaNames } from './admin-scope.repository';

/** The admin of a request (route access `{ anyPermission: ['ADMINISTRATION'] }`) and the firmas they manage. */
export async function adminScope(db: Db, request: FastifyRequest): Promise<{ userId: number; firmaIds: number[] }> {
  const auth = requireAuth(request);
  return { userId: auth.userId, firmaIds: await adminFirmaIds(db, auth.userId) };
}

/**
 * Refuses a firma the admin does not hold. 404, not 403, where the object was looked up by id: another
 * firma's user or store must not even be confirmed to exist.
 */
export function assertFirmaHeld(firmaIds: readonly number[], firmaId: number, answer: 403 | 404 = 403): void {
  if (firmaIds.includes(firmaId)) return;
  if (answer === 404) throw new AppError(404, 'NOT_FOUND', ADMIN_MSG.notFound);
  throw new AppError(403, 'FIRMA_NOT_HELD', ADMIN_MSG.firmaNotHeld);
}
