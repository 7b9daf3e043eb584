import {
  EVENTS_MSG,
  isEventType,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/app-error';
import { type AuditActor, auditFirmas, recordAudit } from '../audit-log/record-audit';
import { currentStart, findEvent } from './integration-events.repository';
import { eventFromRow, publicEventId } from './integration-events.service';
import { newWebhookSecret, sendWebhook } from './webhook-sender';
import * as repo from './webhooks.repository';

/**
 * Whose subscriptions a caller reaches: null = every one (the operator CLI); otherwise the firmas of the admin
 * or the API key, and only subscriptions made for some of them and none other (another's is "not found").
 */
export type WebhookScope = readonly number[] | null;

type SubscriptionRow = Awaited<ReturnType<typeof repo.listSubscriptions>>[number];

const subscriptionFromRow = (row: SubscriptionRow): WebhookSubscription => ({
  id: row.id,
  url: row.url,
  events: row.event_types,
  firmas: row.firma_ids,
  enabled: row.enabled,
  createdAt: new Date(row.created_at).toISOString(),
  disabledAt: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
});

/**
 * Only http(s). Unlike a device's push endpoint, the URL is set by an administrator and may point into the
 * retailer's own network (an ERP at a private address is the normal case), so private hosts are allowed.
 */
function checkedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(EVENTS_MSG.invalidUrl, { url: EVENTS_MSG.invalidUrl });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw badRequest(EVENTS_MSG.invalidUrl, { url: EVENTS_MSG.invalidUrl });
  }
  return url.toString();
}

function checkedTypes(types: readonly string[]): string[] {
  const list = [...new Set(types.flatMap((t) => t.split(',')).map((t) => t.trim()))].filter((t) => t !== '');
  if (list.length === 0) throw badRequest(EVENTS_MSG.noEventTypes, { events: EVENTS_MSG.noEventTypes });
  if (list.includes('*')) return ['*'];
  const unknown = list.find((t) => !isEventType(t));
  if (unknown !== undefined) {
    const message = EVENTS_MSG.unknownEventType(unknown);
    throw badRequest(message, { events: message });
  }
  return list;
}

/**
 * A new subscription gets the events of its firmas from now on; its secret is answered this once and never
 * written to the audit log (`webhook.create`, in the caller's transaction `trx`).
 */
export async function createSubscription(
  trx: Db,
  actor: AuditActor,
  input: Omit<WebhookCreate, 'firmas'> & { firmaIds: readonly number[] },
) {
  const url = checkedUrl(input.url);
  const eventTypes = checkedTypes(input.events);
  let ownerUserId: number | null = null;
  if (input.owner !== undefined) {
    const owner = await repo.userByName(trx, input.owner);
    const message = EVENTS_MSG.ownerNotFound(input.owner);
    if (!owner) throw badRequest(message, { owner: message });
    ownerUserId = owner.id;
  }
  const secret = newWebhookSecret();
  const row = await repo.insertSubscription(trx, {
    url,
    eventTypes,
    firmaIds: [...new Set(input.firmaIds)].sort((a, b) => a - b),
    secret,
    ownerUserId,
    start: await currentStart(trx),
  });
  const created = subscriptionFromRow(row);
  await recordAudit(trx, {
    actor,
    action: 'webhook.create',
    objectType: 'webhook',
    objectId: row.id,
    ...auditFirmas(row.firma_ids),
    after: created,
  });
  return { ...created, secret };
}

export async function listSubscriptions(db: Db, scope: WebhookScope): Promise<WebhookSubscription[]> {
  return (await repo.listSubscriptions(db, scope)).map(subscriptionFromRow);
}

/** Disables a subscription of the scope, with its audit entry (`webhook.disable`) in `trx`. */
export async function disableSubscription(
  trx: Db,
  actor: AuditActor,
  id: number,
  scope: WebhookScope,
): Promise<WebhookSubscription> {
  const before = await repo.findSubscription(trx, id, scope);
  const row = before && (await repo.disableSubscription(trx, id));
  if (!before || !row) throw notFound(EVENTS_MSG.subscriptionNotFound);
  const after = subscriptionFromRow(row);
  await recordAudit(trx, {
    actor,
    action: 'webhook.disable',
    objectType: 'webhook',
    objectId: id,
    ...auditFirmas(row.firma_ids),
    before: subscriptionFromRow(before),
    after,
  });
  return after;
}

export async function listDeliveries(
  db: Db,
  subscriptionId: number,
  scope: WebhookScope,
  limit = 50,
): Promise<WebhookDelivery[]> {
  if (!(await repo.findSubscription(db, subscriptionId, scope))) throw notFound(EVENTS_MSG.subscriptionNotFound);
  const rows = await repo.listDeliveries(db, subscriptionId, limit);
  return rows.map((d) => ({
    id: d.id,
    eventId: publicEventId(d.event_id),
    eventType: d.type,
    status: d.status,
    attempts: d.attempts.map((a) => ({
      at: new Date(a.attempted_at).toISOString(),
      ok: a.ok,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
    })),
  }));
}

/**
 * Sends a logged delivery's event (of a subscription of the scope) again now, as one more attempt in its log.
 * The HTTP call is not held inside a transaction (a slow receiver would block the database), so the attempt is
 * logged by itself and the audit entry (`webhook.redeliver`) follows right after it.
 */
export async function redeliver(db: Db, actor: AuditActor, deliveryId: number, scope: WebhookScope) {
  const delivery = await repo.findDelivery(db, deliveryId);
  const subscription = delivery && (await repo.findSubscription(db, delivery.subscription_id, scope));
  const event = subscription && (await findEvent(db, delivery.event_id));
  if (!delivery || !subscription || !event) throw notFound(EVENTS_MSG.deliveryNotFound);
  const outcome = await sendWebhook({ url: subscription.url, secret: subscription.secret }, eventFromRow(event));
  await repo.logAttempt(db, { deliveryId, ...outcome, ...(outcome.ok ? { status: 'delivered' as const } : {}) });
  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      actor,
      action: 'webhook.redeliver',
      objectType: 'webhook-delivery',
      objectId: deliveryId,
      ...auditFirmas(subscription.firma_ids),
      after: { webhook: subscription.id, ok: outcome.ok, statusCode: outcome.statusCode },
    }),
  );
  return outcome;
}
