import { randomInt } from 'node:crypto';
import { passwordProblems } from '@mde/contracts';

// Characters that cannot be mistaken for one another when read off a screen and typed on a handheld.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!#$%*+-=?@';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

const pick = (set: string) => set[randomInt(set.length)] ?? '';

/** A random 14-character password that meets the password rules (one of each class), for one sign-in. */
export function newOneTimePassword(): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < 14) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  const password = chars.join('');
  if (passwordProblems(password).length > 0) throw new Error('one-time password misses a rule');
  return password;
}
