import type { UserContext } from '@mde/contracts';
import { db, type StoredClaims } from '../offline/db';

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
  await db.claims.put(claimsFromContext(context));
}

export async function loadClaims(): Promise<StoredClaims | undefined> {
  if (currentUsername) return db.claims.get(currentUsername);
  return db.claims.toCollection().first();
}

export async function clearClaims(): Promise<void> {
  currentUsername = undefined;
  await db.claims.clear();
}

/** Spec §7: only requests to a claims-related URL carry the claims. */
export const isClaimsUrl = (path: string) => path.includes('/claims');
