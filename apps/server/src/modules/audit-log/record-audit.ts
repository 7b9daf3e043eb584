import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { insertEntry } from './audit-log.repository';
import './audit-log.tables';

/** Who did a change: a signed-in user, an API key, or the server itself / the operator CLI. */
export type AuditActor =
  | { userId: number; name: string; address: string | null }
  | { apiKeyId: number; name: string; address: string | null }
  | { system: string };

export interface AuditEntry {
  actor: AuditActor;
  /** What happened, as `<object>.<verb>`: `user.create`, `user.disable`, `login.lock`, `module-config.set` … */
  action: string;
  objectType: string;
  objectId: string | number | null;
  firmaId: number | null;
  /**
   * The firmas of an object that belongs to several (an API key, a webhook): an admin who holds all of them
   * reads the entry. `firmaId` is then null, or the one firma of a set of one.
   */
  firmaIds?: readonly number[];
  /** The object before and after the change (null where there is none); never a secret (hash, key, password). */
  before?: unknown;
  after?: unknown;
}

/**
 * The firma fields of an entry about an object made for these firmas (an API key, a webhook): the one firma of a
 * set of one, and the whole set, so that an admin who holds all of them reads it (audit-log.repository.ts).
 */
export const auditFirmas = (firmaIds: readonly number[]) => ({
  firmaId: firmaIds.length === 1 ? (firmaIds[0] ?? null) : null,
  firmaIds,
});

/**
 * The one way to write the audit log: in the caller's transaction, so an entry exists exactly when its change
 * does (a rollback takes both back).
 */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await insertEntry(trx, {
    firma_id: entry.firmaId,
    firma_ids: entry.firmaIds === undefined ? null : [...entry.firmaIds],
    actor_user_id: 'userId' in actor ? actor.userId : null,
    actor_api_key_id: 'apiKeyId' in actor ? actor.apiKeyId : null,
    actor: 'system' in actor ? actor.system : actor.name,
    address: 'system' in actor ? null : actor.address,
    action: entry.action,
    object_type: entry.objectType,
    object_id: entry.objectId === null ? null : String(entry.objectId),
    before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
  });
}

/** The actor of a request: its signed-in user or its API key (routes that require one of them). */
export function requestActor(request: FastifyRequest): AuditActor {
  if (request.auth) return { userId: request.auth.userId, name: request.auth.username, address: request.ip };
  if (request.apiKey) {
    const { keyId, name, prefix } = request.apiKey;
    return { apiKeyId: keyId, name: apiKeyActorName(name, prefix), address: request.ip };
  }
  return { system: 'server' };
}

/** How an API key is named as an actor: its name and the first characters of the key (never the key). */
export const apiKeyActorName = (name: string, prefix: string) => `${name} (${prefix}…)`;

/** The operator CLI (npm run admin): the OS user who ran it. */
export const operatorActor = (): AuditActor => ({ system: `admin-cli:${process.env.USER ?? 'operator'}` });
