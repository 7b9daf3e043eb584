import {
  EVENTS_MSG,
  isEventType,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/app-error';
import { currentStart, findEvent } from './integration-events.repository';
import { eventFromRow, publicEventId } from './integration-events.service';
import { newWebhookSecret, sendWebhook } from './webhook-sender';
import * as repo from './webhooks.repository';

type SubscriptionRow = Awaited<ReturnType<typeof repo.listSubscriptions>>[number];

const subscriptionFromRow = (row: SubscriptionRow): WebhookSubscription => ({
  id: row.id,
  url: row.url,
  events: row.event_types,
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

/** A new subscription gets the events from now on; its secret is answered this once. */
export async function createSubscription(db: Db, input: WebhookCreate) {
  const url = checkedUrl(input.url);
  const eventTypes = checkedTypes(input.events);
  let ownerUserId: number | null = null;
  if (input.owner !== undefined) {
    const owner = await db.selectFrom('app_user').select('id').where('username', '=', input.owner).executeTakeFirst();
    const message = EVENTS_MSG.ownerNotFound(input.owner);
    if (!owner) throw badRequest(message, { owner: message });
    ownerUserId = owner.id;
  }
  const secret = newWebhookSecret();
  const row = await repo.insertSubscription(db, {
    url,
    eventTypes,
    secret,
    ownerUserId,
    start: await currentStart(db),
  });
  return { ...subscriptionFromRow(row), secret };
}

export async function listSubscriptions(db: Db): Promise<WebhookSubscription[]> {
  return (await repo.listSubscriptions(db)).map(subscriptionFromRow);
}

export async function disableSubscription(db: Db, id: number): Promise<WebhookSubscription> {
  const row = await repo.disableSubscription(db, id);
  if (!row) throw notFound(EVENTS_MSG.subscriptionNotFound);
  return subscriptionFromRow(row);
}

export async function listDeliveries(db: Db, subscriptionId: number, limit = 50): Promise<WebhookDelivery[]> {
  if (!(await repo.findSubscription(db, subscriptionId))) throw notFound(EVENTS_MSG.subscriptionNotFound);
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

/** Sends a logged delivery's event again now, as one more attempt in its log. */
export async function redeliver(db: Db, deliveryId: number) {
  const delivery = await repo.findDelivery(db, deliveryId);
  const subscription = delivery && (await repo.findSubscription(db, delivery.subscription_id));
  const event = delivery && (await findEvent(db, delivery.event_id));
  if (!delivery || !subscription || !event) throw notFound(EVENTS_MSG.deliveryNotFound);
  const outcome = await sendWebhook({ url: subscription.url, secret: subscription.secret }, eventFromRow(event));
  await repo.logAttempt(db, { deliveryId, ...outcome, ...(outcome.ok ? { status: 'delivered' as const } : {}) });
  return outcome;
}
