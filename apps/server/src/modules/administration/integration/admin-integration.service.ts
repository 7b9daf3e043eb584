import { ADMIN_INTEGRATION_MSG, type AdminApiKey, type AdminApiKeyCreate } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { AppError, notFound } from '../../../lib/app-error';
import { type AuditActor, recordAudit } from '../../audit-log/record-audit';
import { type ApiKeyRow, allApiKeys, createApiKey, revokeApiKey } from '../../integration/api-keys.service';
import * as webhooks from '../../integration-events/webhooks.service';
import { adminScope } from '../admin-scope';

/**
 * API keys and webhooks belong to no firma, and a key's imports and a webhook's events span every firma: only
 * an admin who holds every firma of the installation manages them, so no admin reaches another firma's data
 * through a key.
 */
export async function assertIntegrationAdmin(db: Db, request: FastifyRequest): Promise<void> {
  const { firmaIds } = await adminScope(db, request);
  const all = await db.selectFrom('firma').select('id').execute();
  if (all.some((f) => !firmaIds.includes(f.id))) {
    throw new AppError(403, 'FIRMA_NOT_HELD', ADMIN_INTEGRATION_MSG.allFirmasNeeded);
  }
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

const apiKeyFromRow = (row: ApiKeyRow): AdminApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.key_prefix,
  scopes: row.scopes,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  lastUsedAddress: row.last_used_address,
  revokedAt: iso(row.revoked_at),
});

export async function listApiKeys(db: Db): Promise<AdminApiKey[]> {
  return (await allApiKeys(db)).map(apiKeyFromRow);
}

const findKey = async (db: Db, id: number) => (await allApiKeys(db)).find((k) => k.id === id);

/** A new key, shown this once; the audit log names it without its secret. */
export async function createKey(db: Db, actor: AuditActor, input: AdminApiKeyCreate) {
  return db.transaction().execute(async (trx) => {
    const { id, key } = await createApiKey(trx, input.name, input.scopes);
    const row = await findKey(trx, id);
    if (!row) throw notFound();
    const listed = apiKeyFromRow(row);
    await recordAudit(trx, {
      actor,
      action: 'api-key.create',
      objectType: 'api-key',
      objectId: id,
      firmaId: null,
      after: listed,
    });
    return { ...listed, key };
  });
}

export async function revokeKey(db: Db, actor: AuditActor, id: number): Promise<AdminApiKey> {
  return db.transaction().execute(async (trx) => {
    const before = await findKey(trx, id);
    if (!before || !(await revokeApiKey(trx, id))) throw notFound(ADMIN_INTEGRATION_MSG.keyNotFound);
    const after = await findKey(trx, id);
    if (!after) throw notFound(ADMIN_INTEGRATION_MSG.keyNotFound);
    await recordAudit(trx, {
      actor,
      action: 'api-key.revoke',
      objectType: 'api-key',
      objectId: id,
      firmaId: null,
      before: apiKeyFromRow(before),
      after: apiKeyFromRow(after),
    });
    return apiKeyFromRow(after);
  });
}

export const listWebhooks = (db: Db) => webhooks.listSubscriptions(db);
export const listDeliveries = (db: Db, id: number) => webhooks.listDeliveries(db, id);

/** A new subscription owned by the admin (told when it is disabled); its secret is answered this once. */
export async function createWebhook(
  db: Db,
  actor: AuditActor,
  owner: string,
  input: { url: string; events: string[] },
) {
  return db.transaction().execute(async (trx) => {
    const created = await webhooks.createSubscription(trx, { ...input, owner });
    const { secret: _secret, ...after } = created;
    await recordAudit(trx, {
      actor,
      action: 'webhook.create',
      objectType: 'webhook',
      objectId: created.id,
      firmaId: null,
      after,
    });
    return created;
  });
}

export async function disableWebhook(db: Db, actor: AuditActor, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = (await webhooks.listSubscriptions(trx)).find((s) => s.id === id) ?? null;
    const after = await webhooks.disableSubscription(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'webhook.disable',
      objectType: 'webhook',
      objectId: id,
      firmaId: null,
      before,
      after,
    });
    return after;
  });
}

/**
 * Sends a delivery's event again. The HTTP call is not held inside a transaction (a slow receiver would block
 * the database), so the attempt is logged by the sender and the audit entry follows right after it.
 */
export async function redeliver(db: Db, actor: AuditActor, deliveryId: number) {
  const outcome = await webhooks.redeliver(db, deliveryId);
  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      actor,
      action: 'webhook.redeliver',
      objectType: 'webhook-delivery',
      objectId: deliveryId,
      firmaId: null,
      after: { ok: outcome.ok, statusCode: outcome.statusCode },
    }),
  );
  return outcome;
}
