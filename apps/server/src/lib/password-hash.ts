import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP: argon2id with at least 19 MiB and 2 iterations.
const ARGON2_ID = 2 as Algorithm; // Algorithm.Argon2id; the const enum cannot be imported under isolatedModules
const ARGON2 = { algorithm: ARGON2_ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);
