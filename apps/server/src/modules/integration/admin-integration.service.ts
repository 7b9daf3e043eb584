import {
  ADMIN_INTEGRATION_MSG,
  ADMIN_MSG,
  type AdminApiKey,
  type AdminApiKeyCreate,
  type ApiKeyRequest,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditActor } from '../audit-log/record-audit';
import * as webhooks from '../integration-events/webhooks.service';
import { firmaNames } from '../org/admin-scope';
import * as keys from './api-keys.service';

/**
 * API keys and webhooks belong to the firmas they were made for. An admin sees and changes only those whose
 * firmas they all hold (another admin's are "not found", 404), and makes new ones only for their own firmas
 * (403 otherwise): no admin reaches another firma's data through a key or a webhook.
 */
export interface IntegrationAdmin {
  actor: AuditActor;
  firmaIds: readonly number[];
}

function assertOwnFirmas(admin: IntegrationAdmin, firmas: readonly number[]) {
  if (firmas.some((f) => !admin.firmaIds.includes(f)))
    throw new AppError(403, 'FIRMA_NOT_HELD', ADMIN_MSG.firmaNotHeld);
}

/** The admin's keys, and their firmas (with names) for the form of a new key. */
export async function listApiKeys(db: Db, admin: IntegrationAdmin) {
  return {
    keys: await keys.listApiKeys(db, admin.firmaIds),
    firmas: await firmaNames(db, admin.firmaIds),
  };
}

/** A new key of the admin's firmas, shown this once; the audit log names it without its secret. */
export async function createKey(trx: Db, admin: IntegrationAdmin, input: AdminApiKeyCreate) {
  assertOwnFirmas(admin, input.firmas);
  return keys.createApiKey(trx, admin.actor, { name: input.name, scopes: input.scopes, firmaIds: input.firmas });
}

export async function revokeKey(trx: Db, admin: IntegrationAdmin, id: number): Promise<AdminApiKey> {
  const revoked = await keys.revokeApiKey(trx, admin.actor, id, admin.firmaIds);
  if (!revoked) throw notFound(ADMIN_INTEGRATION_MSG.keyNotFound);
  return revoked;
}

/** The newest requests made with one of the admin's keys (its request log). */
export async function keyRequests(db: Db, admin: IntegrationAdmin, id: number): Promise<ApiKeyRequest[]> {
  const requests = await keys.apiKeyRequests(db, id, admin.firmaIds);
  if (!requests) throw notFound(ADMIN_MSG.notFound);
  return requests;
}

export const listWebhooks = (db: Db, admin: IntegrationAdmin) => webhooks.listSubscriptions(db, admin.firmaIds);
export const listDeliveries = (db: Db, admin: IntegrationAdmin, id: number) =>
  webhooks.listDeliveries(db, id, admin.firmaIds);

/** A new subscription of the admin's firmas, owned by the admin (told when it is disabled); its secret is answered once. */
export async function createWebhook(
  trx: Db,
  admin: IntegrationAdmin,
  owner: string,
  input: { url: string; events: string[]; firmas: number[] },
) {
  assertOwnFirmas(admin, input.firmas);
  const { firmas, ...rest } = input;
  return webhooks.createSubscription(trx, admin.actor, { ...rest, owner, firmaIds: firmas });
}

export const disableWebhook = (trx: Db, admin: IntegrationAdmin, id: number) =>
  webhooks.disableSubscription(trx, admin.actor, id, admin.firmaIds);

export const redeliver = (db: Db, admin: IntegrationAdmin, deliveryId: number) =>
  webhooks.redeliver(db, admin.actor, deliveryId, admin.firmaIds);
