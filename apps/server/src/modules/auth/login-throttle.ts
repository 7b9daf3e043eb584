import { MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { clearFailures, countFailures, recordFailure } from './auth.repository';

const HOUR = 3_600_000;
// Handhelds of one store share an IP, so the account limit is the tight one and the IP limit generous.
export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const IP_FAILURES_PER_HOUR = 1000;
const FREE_FAILURES = 5;
const MAX_DELAY_SECONDS = 300;

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Seconds a client must wait after n failures: none for the first few, then doubling up to 5 minutes. */
export function requiredDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

const blocked = () => new AppError(429, 'LOGIN_THROTTLED', MSG.tooManyLoginAttempts);

/** Throws 429 before the password is checked; applies whether or not the user exists. */
export async function assertLoginAllowed(db: Db, username: string, ip: string, now = Date.now()) {
  const ipState = await countFailures(db, ipKey(ip), HOUR);
  if (ipState.count >= IP_FAILURES_PER_HOUR) throw blocked();
  const account = await countFailures(db, accountKey(username), HOUR);
  if (account.count >= ACCOUNT_FAILURES_PER_HOUR) throw blocked();
  const delay = requiredDelaySeconds(account.count);
  if (delay > 0 && account.last && now - new Date(account.last).getTime() < delay * 1000) throw blocked();
}

export const noteLoginFailure = (db: Db, username: string, ip: string) =>
  recordFailure(db, [accountKey(username), ipKey(ip)]);

export const noteLoginSuccess = (db: Db, username: string) => clearFailures(db, accountKey(username));
