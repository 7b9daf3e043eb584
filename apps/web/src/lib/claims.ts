import type { UserContext } from '@mde/contracts';
import type { StoredClaims } from '../offline/db';
import { loadOfflineDb } from '../offline/lazy-db';

// Spec §7: the claims are kept in the browser database and taken from the context fields.
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

let currentUsername: string | undefined;

export async function storeClaims(context: UserContext): Promise<void> {
  currentUsername = context.username;
  const { db } = await loadOfflineDb();
  await db.claims.put(claimsFromContext(context));
}

export async function loadClaims(): Promise<StoredClaims | undefined> {
  const { db } = await loadOfflineDb();
  if (currentUsername) return db.claims.get(currentUsername);
  return db.claims.toCollection().first();
}

export async function clearClaims(): Promise<void> {
  currentUsername = undefined;
  const { db } = await loadOfflineDb();
  await db.claims.clear();
}

/** Spec §7: only requests to a claims-related URL carry the claims. */
export const isClaimsUrl = (path: string) => path.includes('/claims');
