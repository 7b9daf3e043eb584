import {
  type AdminApiKey,
  API_KEY_PREFIX,
  API_KEY_REQUESTS_SHOWN,
  type ApiKeyRequest,
  isIntegrationScope,
} from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { hashToken, newToken } from '../../lib/tokens';
import type { ApiKeyContext } from '../../plugins/auth';
import { type AuditActor, apiKeyActorName, auditFirmas, recordAudit } from '../audit-log/record-audit';
import { newestRequests } from './api-key-requests.repository';
import * as repo from './api-keys.repository';

/**
 * Whose keys a caller reaches: null = every key (the operator CLI); otherwise the firmas the caller holds, and
 * only keys made for some of them and none other.
 */
export type KeyScope = readonly number[] | null;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** A key as listed and as the audit log keeps it: never its secret, only its first characters. */
export const apiKeyFromRow = (row: repo.ApiKeyRow): AdminApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.key_prefix,
  scopes: row.scopes,
  firmas: row.firma_ids,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  lastUsedAddress: row.last_used_address,
  revokedAt: iso(row.revoked_at),
});

export interface NewApiKey {
  name: string;
  scopes: string[];
  /** The firmas the key imports into and reads events of; the caller checked that they exist and are theirs. */
  firmaIds: readonly number[];
}

/**
 * A new key: the secret (shown once, never stored) and the key as listed; 32 random bytes, i.e. 256 bits. The
 * audit entry (`api-key.create`, without the secret) is written in the caller's transaction `trx`.
 */
export async function createApiKey(
  trx: Db,
  actor: AuditActor,
  input: NewApiKey,
): Promise<AdminApiKey & { key: string }> {
  const key = `${API_KEY_PREFIX}${newToken(32)}`;
  const row = await repo.insertApiKey(trx, {
    name: input.name,
    keyHash: hashToken(key),
    keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6),
    scopes: input.scopes,
    firmaIds: [...new Set(input.firmaIds)].sort((a, b) => a - b),
  });
  const listed = apiKeyFromRow(row);
  await recordAudit(trx, {
    actor,
    action: 'api-key.create',
    objectType: 'api-key',
    objectId: row.id,
    ...auditFirmas(row.firma_ids),
    after: listed,
  });
  return { ...listed, key };
}

/**
 * Revokes a key of the scope that is not yet revoked, with its audit entry (`api-key.revoke`) in `trx`; undefined
 * when there is no such key in the scope or it was revoked already.
 */
export async function revokeApiKey(
  trx: Db,
  actor: AuditActor,
  id: number,
  scope: KeyScope,
): Promise<AdminApiKey | undefined> {
  const before = await repo.findApiKey(trx, id, scope);
  if (!before || before.revoked_at) return undefined;
  const after = await repo.revokeApiKey(trx, id);
  if (!after) return undefined;
  await recordAudit(trx, {
    actor,
    action: 'api-key.revoke',
    objectType: 'api-key',
    objectId: id,
    ...auditFirmas(after.firma_ids),
    before: apiKeyFromRow(before),
    after: apiKeyFromRow(after),
  });
  return apiKeyFromRow(after);
}

/** Every key of the scope, revoked ones too, oldest first. */
export async function listApiKeys(db: Db, scope: KeyScope): Promise<AdminApiKey[]> {
  return (await repo.listApiKeys(db, scope)).map(apiKeyFromRow);
}

/** A key's newest logged requests, newest first; undefined when the key is not in the scope. */
export async function apiKeyRequests(
  db: Db,
  id: number,
  scope: KeyScope,
  limit = API_KEY_REQUESTS_SHOWN,
): Promise<ApiKeyRequest[] | undefined> {
  if (!(await repo.findApiKey(db, id, scope))) return undefined;
  return (await newestRequests(db, id, limit)).map((r) => ({
    at: new Date(r.at).toISOString(),
    method: r.method,
    route: r.route,
    status: r.status,
    durationMs: r.duration_ms,
  }));
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

/** The API key a request names in `Authorization: Bearer <key>`, if it has a key's form; cookies never count. */
export function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/**
 * The key a request names in `Authorization: Bearer <key>`, when it exists and is not revoked; records its
 * use (time and address).
 */
export async function apiKeyOfRequest(db: Db, request: FastifyRequest): Promise<ApiKeyContext | null> {
  const sent = bearerKey(request);
  if (!sent) return null;
  const row = await repo.findActiveKeyByHash(db, hashToken(sent));
  if (!row) return null;
  await repo.touchApiKey(db, row.id, request.ip);
  await recordNewAddress(db, row, request.ip);
  return {
    keyId: row.id,
    name: row.name,
    prefix: row.key_prefix,
    scopes: new Set(row.scopes),
    firmaIds: row.firma_ids,
  };
}

/** A key used from an address it was never used from before is a security event in the audit log. */
async function recordNewAddress(db: Db, key: repo.ApiKeyRow, address: string) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.rememberKeyAddress(trx, key.id, address))) return;
    await recordAudit(trx, {
      actor: { apiKeyId: key.id, name: apiKeyActorName(key.name, key.key_prefix), address },
      action: 'api-key.new-address',
      objectType: 'api-key',
      objectId: key.id,
      ...auditFirmas(key.firma_ids),
      after: { address },
    });
  });
}
