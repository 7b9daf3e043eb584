import type { UserContext } from '@mde/contracts';
import type { StoredClaims } from '../offline/db';
import { loadOfflineDb } from '../offline/lazy-db';

// docs/spec.md §7: the claims are kept in the browser database and taken from the context fields.
export function claimsFromContext(c: UserContext): StoredClaims {
  return {
    username: c.username,
    userId: c.userId,
    accountid: c.accountid,
    vkforgid: c.vkforgid,
    firmaid: c.firmaid,
    idfirma: c.idfirma,
  };
}

// The signed-in user's claims in memory as well: a claims request right after login must not wait for
// the database copy, which is written in the background (user-context.ts).
let current: StoredClaims | undefined;

/** Takes the claims of a context the server just sent; the database copy follows with storeClaims. */
export function holdClaims(context: UserContext): void {
  current = claimsFromContext(context);
}

export async function storeClaims(context: UserContext): Promise<void> {
  holdClaims(context);
  const { db } = await loadOfflineDb();
  await db.claims.put(claimsFromContext(context));
}

export async function loadClaims(): Promise<StoredClaims | undefined> {
  if (current) return current;
  const { db } = await loadOfflineDb();
  return db.claims.toCollection().first();
}

export async function clearClaims(): Promise<void> {
  current = undefined;
  const { db } = await loadOfflineDb();
  await db.claims.clear();
}
