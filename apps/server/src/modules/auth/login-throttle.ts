import { MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { metrics } from '../../lib/metrics';
import {
  clearFailures,
  clearFailuresFrom,
  deleteFailures,
  failureStats,
  isKnownAddress,
  lockThrottleKeys,
  recordFailure,
  rememberKnownAddress,
} from './auth.repository';
import { throttleAddress } from './login-address';
import { type LoginLock, recordLoginLock } from './login-lock-audit';

// OWASP ASVS 2.2.1: at most 100 failed attempts an hour on one account, growing delays, and no way for
// someone else to lock the user out. Failures count per account, per account and address, and per address:
// - an address that keeps failing on an account waits longer after each failure (5 free, then 1 s doubling
//   to 5 min); the right password waits there too;
// - the account takes 100 failures an hour, from all addresses together; only an address the account
//   signed in from before (within 90 days) keeps its own allowance beyond that, so a correct password from
//   the user's own device gets in while guesses spread over any number of new addresses wait;
// - one address takes 1000 failures an hour over all accounts (handhelds of one store share an address);
// - an IPv6 address counts by its /64, which one client can fill with addresses at will.
const HOUR = 3_600_000;
export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const IP_FAILURES_PER_HOUR = 1000;
const FREE_FAILURES = 5;
const KNOWN_ADDRESS_DAYS = 90;
const MAX_DELAY_SECONDS = 300;

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const pairKey = (username: string, ip: string) => `${accountKey(username)}|ip:${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Forgets the failed logins of an account from every address (an admin unlocked it); answers how many. */
export const clearAccountFailures = (db: Db, username: string) =>
  clearFailuresFrom(db, accountKey(username), `${accountKey(username)}|ip:`);

/** Seconds an address must wait after its n-th failure on an account: none for the first few, then doubling. */
export function requiredDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

const throttled = (waitMs: number) => {
  metrics.loginThrottled.inc();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(429, 'LOGIN_THROTTLED', MSG.loginThrottled(seconds), undefined, {
    'retry-after': String(seconds),
  });
};

export interface LoginAttempt {
  /** The password was right: the attempt is no failure, and this address's failures on the account go. */
  succeeded(): Promise<void>;
}

/**
 * Counts and reserves in one step, before the (slow) password check: the attempt is recorded as a failure
 * at once and taken back only when the password was right. Concurrent attempts wait for each other's
 * reservation, so a burst gets no more checks than the limits allow. Throws 429 with the wait otherwise;
 * applies whether or not the user exists.
 */
export async function reserveLoginAttempt(
  db: Db,
  username: string,
  clientIp: string,
  // The moment of the attempt; the database's clock when not given.
  now?: Date,
): Promise<LoginAttempt> {
  const ip = throttleAddress(clientIp);
  const keys = [accountKey(username), pairKey(username, ip), ipKey(ip)];
  const outcome = await db.transaction().execute(async (trx) => {
    await lockThrottleKeys(trx, keys);
    const { stats, nowMs } = await failureStats(trx, keys, HOUR, now);
    const account = stats.get(keys[0] as string);
    const pair = stats.get(keys[1] as string);
    const address = stats.get(keys[2] as string);
    // A refusal is committed (not thrown) so that the start of the lock lands in the audit log.
    const refuse = async (lock: LoginLock, waitMs: number) => {
      await recordLoginLock(trx, { ...lock, username, clientIp });
      return { refusedMs: waitMs };
    };
    if (address && address.count >= IP_FAILURES_PER_HOUR) {
      return refuse(
        { kind: 'address', key: keys[2] as string, lastMs: address.lastMs },
        address.firstMs + HOUR - nowMs,
      );
    }
    const pairCount = pair?.count ?? 0;
    const delayMs = requiredDelaySeconds(pairCount) * 1000;
    if (pair && delayMs > 0 && nowMs - pair.lastMs < delayMs) {
      return refuse({ kind: 'account', key: keys[1] as string, lastMs: pair.lastMs }, pair.lastMs + delayMs - nowMs);
    }
    if (account && account.count >= ACCOUNT_FAILURES_PER_HOUR) {
      const known = await isKnownAddress(trx, keys[0] as string, ip, KNOWN_ADDRESS_DAYS);
      if (!known) {
        return refuse(
          { kind: 'account', key: keys[0] as string, lastMs: account.lastMs },
          account.firstMs + HOUR - nowMs,
        );
      }
    }
    return { ids: await recordFailure(trx, keys, now) };
  });
  if ('refusedMs' in outcome) throw throttled(outcome.refusedMs);
  const { ids } = outcome;
  return {
    async succeeded() {
      await deleteFailures(db, ids);
      await clearFailures(db, keys[1] as string);
      await rememberKnownAddress(db, keys[0] as string, ip);
    },
  };
}
