import { API_KEY_PREFIX, isIntegrationScope } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { hashToken, newToken } from '../../lib/tokens';
import type { ApiKeyContext } from '../../plugins/auth';
import { recordAudit } from '../audit-log/record-audit';
import * as repo from './api-keys.repository';

/** A new key: the secret (shown once, never stored) and its id. 32 random bytes, i.e. 256 bits. */
export async function createApiKey(db: Db, name: string, scopes: string[]): Promise<{ id: number; key: string }> {
  const key = `${API_KEY_PREFIX}${newToken(32)}`;
  const id = await repo.insertApiKey(db, {
    name,
    keyHash: hashToken(key),
    keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6),
    scopes,
  });
  return { id, key };
}

/** The scopes of a comma-separated list, or the first word that is no scope. */
export function parseScopes(list: string): { scopes: string[] } | { unknown: string } {
  const scopes = [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = scopes.find((s) => !isIntegrationScope(s));
  return unknown !== undefined ? { unknown } : { scopes };
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/**
 * The key a request names in `Authorization: Bearer <key>`, when it exists and is not revoked; records its
 * use (time and address). Cookies are never looked at here.
 */
export async function apiKeyOfRequest(db: Db, request: FastifyRequest): Promise<ApiKeyContext | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match?.[1]?.startsWith(API_KEY_PREFIX)) return null;
  const row = await repo.findActiveKeyByHash(db, hashToken(match[1]));
  if (!row) return null;
  await repo.touchApiKey(db, row.id, request.ip);
  await recordNewAddress(db, row, request.ip);
  return { keyId: row.id, name: row.name, scopes: new Set(row.scopes) };
}

/** A key used from an address it was never used from before is a security event in the audit log. */
async function recordNewAddress(db: Db, key: { id: number; name: string }, address: string) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.rememberKeyAddress(trx, key.id, address))) return;
    await recordAudit(trx, {
      actor: { apiKeyId: key.id, name: key.name, address },
      action: 'api-key.new-address',
      objectType: 'api-key',
      objectId: key.id,
      firmaId: null,
      after: { address },
    });
  });
}

export type { ApiKeyRow } from './api-keys.repository';

/** Every key, revoked ones too, oldest first (the admin screen lists them). */
export const allApiKeys = (db: Db) => repo.listApiKeys(db);

/** Revokes a key that is not yet revoked; false when there is no such key (or it was revoked already). */
export const revokeApiKey = (db: Db, id: number) => repo.revokeApiKey(db, id);
