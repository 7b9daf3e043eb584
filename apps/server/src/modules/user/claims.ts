import { CLAIMS_HEADER, CLAIMS_STATE_HEADER, isClaimsPath, MSG, storedClaimsSchema } from '@mde/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';

const badClaims = () => new AppError(400, 'BAD_CLAIMS', MSG.badClaims);

function parse(raw: string) {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badClaims();
  }
  const claims = storedClaimsSchema.safeParse(value);
  if (!claims.success) throw badClaims();
  return claims.data;
}

/**
 * docs/spec.md §7: a claims-related URL carries the device's stored claims. They are checked, never trusted: the
 * answer always comes from the session. The server says whether they still match it ('current') or belong to
 * another user or an older context ('stale', the device then keeps the context it is sent); malformed ones are a
 * German 400 that changes nothing.
 */
export function readClaims(request: FastifyRequest, reply: FastifyReply, auth: AuthContext | null): void {
  const path = (request.routeOptions.url ?? '').replace(/^\/api/, '');
  const raw = request.headers[CLAIMS_HEADER];
  if (!isClaimsPath(path) || typeof raw !== 'string' || !auth) return;
  const claims = parse(raw);
  const current =
    claims.userId === auth.userId &&
    claims.username === auth.username &&
    claims.accountid === auth.accountId &&
    claims.vkforgid === auth.vkforgId &&
    claims.firmaid === auth.firmaId;
  reply.header(CLAIMS_STATE_HEADER, current ? 'current' : 'stale');
}
