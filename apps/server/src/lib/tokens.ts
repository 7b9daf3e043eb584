import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; only its hash is stored. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
// One-shot hash (Node 20.12+): no Hash object per request; every API request hashes its session token.
export const hashToken = (token: string) => hash('sha256', token, 'hex');
