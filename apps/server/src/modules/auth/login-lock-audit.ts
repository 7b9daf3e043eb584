import type { Db } from '../../db/database';
import { recordAudit } from '../audit-log/record-audit';
import { lockLoggedSince, userByName } from './auth.repository';

/** The throttle refuses an account (on its own or from one address) or an address over all accounts. */
export interface LoginLock {
  kind: 'account' | 'address';
  /** The throttle key that refuses; no new failure is recorded under it while it refuses. */
  key: string;
  /** When the failure that started this lock was recorded. */
  lastMs: number;
}

/**
 * One audit entry when a lock starts, not one per refused attempt: refused attempts record no failure, so a
 * lock already logged after the key's last failure is the same lock. Runs under the throttle's key locks,
 * so parallel refusals write it once.
 */
export async function recordLoginLock(
  trx: Db,
  lock: LoginLock & { username: string; clientIp: string },
): Promise<void> {
  const logged = await lockLoggedSince(trx, lock.key, lock.lastMs);
  if (logged) return;
  const user = lock.kind === 'account' ? await userByName(trx, lock.username) : undefined;
  await recordAudit(trx, {
    actor: user ? { userId: user.id, name: user.username, address: lock.clientIp } : { system: 'login-throttle' },
    action: 'login.lock',
    objectType: lock.kind === 'address' ? 'address' : user ? 'user' : 'login',
    objectId: lock.kind === 'address' ? lock.clientIp : user ? user.id : lock.username.toLowerCase(),
    firmaId: null,
    after: { throttleKey: lock.key, lock: lock.kind, username: lock.username, address: lock.clientIp },
  });
}
