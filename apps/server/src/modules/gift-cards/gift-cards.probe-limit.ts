import { GIFT_CARD_CHECK_RATE, MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { countHit } from '../../plugins/rate-limit-store';

// Card codes must not be guessable by trying. A balance check shows a card; a refused booking shows as much
// (unknown code, blocked card, amount above the balance), so both count in one window per user, in the
// database (it holds across instances and sessions).
const windowMs = (() => {
  const m = /^(\d+) (second|minute|hour)s?$/.exec(GIFT_CARD_CHECK_RATE.timeWindow);
  if (!m) throw new Error(`GIFT_CARD_CHECK_RATE.timeWindow unreadable: ${GIFT_CARD_CHECK_RATE.timeWindow}`);
  return Number(m[1]) * { second: 1000, minute: 60_000, hour: 3_600_000 }[m[2] as 'second' | 'minute' | 'hour'];
})();

const probeKey = (userId: number) => `gift-card-check:user:${userId}`;

/** Counts a look at a card; 429 (instead of what it would show) when the user's window is used up. */
export async function countCardProbe(db: Db, userId: number): Promise<void> {
  const { current, ttl } = await countHit(db, probeKey(userId), windowMs);
  if (current > GIFT_CARD_CHECK_RATE.max) {
    const seconds = String(Math.max(1, Math.ceil(ttl / 1000)));
    throw new AppError(429, 'RATE_LIMITED', MSG.tooManyRequests, undefined, { 'retry-after': seconds });
  }
}
