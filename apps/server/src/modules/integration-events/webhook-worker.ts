import { randomUUID } from 'node:crypto';
import { EVENTS_MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { CoalescedRun } from '../../lib/coalesced-run';
import { auditFirmas, recordAudit } from '../audit-log/record-audit';
import { notify } from '../notifications/notifications.events';
import { deleteOldEvents } from './integration-events.repository';
import { eventFromRow } from './integration-events.service';
import { type AttemptOutcome, sendWebhook, type WebhookTarget } from './webhook-sender';
import * as repo from './webhooks.repository';

export interface WebhookWorkerLog {
  warn(details: object, message: string): void;
}

export type WebhookSend = (target: WebhookTarget, event: ReturnType<typeof eventFromRow>) => Promise<AttemptOutcome>;

export interface WebhookWorkerOptions {
  batch?: number;
  /** A claimed subscription is not taken again for this long; one send times out long before. */
  leaseSeconds?: number;
  /** How often due subscriptions and new events are looked for. */
  pollMs?: number;
  /** How long an event is retried before the subscription is disabled (at least 24 hours). */
  retryWindowSeconds?: number;
  /** Deliveries in a row of one subscription per claim, so one busy receiver does not hold the worker. */
  perClaim?: number;
  send?: WebhookSend;
  random?: () => number;
}

/**
 * Waits after the n-th failed attempt of an event: 10 s doubling up to an hour, with full jitter in its
 * upper half, so that receivers coming back are not hit by every instance at the same moment.
 */
export const retryDelaySeconds = (attempts: number, random: () => number = Math.random) => {
  const ceiling = Math.min(3600, 10 * 2 ** Math.max(0, Math.min(attempts, 20) - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
};

const DAY_SECONDS = 24 * 3600;

/**
 * Webhook deliveries of one instance. Every subscription reads the gap-free feed with a cursor of its own;
 * an instance claims a due subscription with `for update skip locked` and a lease, sends its next event,
 * and moves the cursor on a 2xx. So any number of instances on one PostgreSQL make each attempt once, and
 * a subscription's events go out in feed order, each retried until it is taken or the window is over.
 */
export class WebhookWorker {
  private readonly run: CoalescedRun;
  private timer: NodeJS.Timeout | null = null;
  private lastCleanup = 0;
  private readonly batch: number;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly retryWindowSeconds: number;
  private readonly perClaim: number;
  private readonly send: WebhookSend;
  private readonly random: () => number;

  constructor(
    private readonly db: Db,
    private readonly log: WebhookWorkerLog,
    options: WebhookWorkerOptions = {},
  ) {
    this.batch = options.batch ?? 10;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.pollMs = options.pollMs ?? 2000;
    this.retryWindowSeconds = options.retryWindowSeconds ?? DAY_SECONDS;
    this.perClaim = options.perClaim ?? 20;
    this.send = options.send ?? ((target, event) => sendWebhook(target, event));
    this.random = options.random ?? Math.random;
    this.run = new CoalescedRun(
      async () => {
        await this.drain();
        if (Date.now() - this.lastCleanup > 3600_000) {
          this.lastCleanup = Date.now();
          await deleteOldEvents(this.db);
        }
      },
      (error) => this.log.warn({ err: error }, 'webhook deliveries failed; retried on the next wake'),
    );
  }

  start() {
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.run.stop();
  }

  /** Delivers what is due; a wake during a run makes the run look again when it ends. */
  wake(): Promise<void> {
    return this.run.wake();
  }

  /** Claims and serves due subscriptions until none is due; returns how many attempts were made. */
  async drain(): Promise<number> {
    let attempts = 0;
    for (;;) {
      const claimed = await repo.claimDueSubscriptions(this.db, this.batch, this.leaseSeconds, randomUUID());
      if (claimed.length === 0) return attempts;
      const made = await Promise.all(claimed.map((s) => this.serve(s)));
      attempts += made.reduce((a, b) => a + b, 0);
      if (made.every((n) => n === 0)) return attempts;
    }
  }

  private async serve(s: repo.ClaimedSubscription): Promise<number> {
    let made = 0;
    for (let i = 0; i < this.perClaim; i++) {
      const row = await repo.nextEventFor(this.db, s);
      if (!row) break;
      const delivery = await repo.deliveryFor(this.db, s.id, row.id);
      const outcome = await this.send({ url: s.url, secret: s.secret }, eventFromRow(row));
      made++;
      if (outcome.ok) {
        await repo.logAttempt(this.db, { deliveryId: delivery.id, ...outcome, status: 'delivered' });
        await repo.advance(this.db, s, row, this.leaseSeconds);
        s.cursor_xact = row.xact_id;
        s.cursor_id = row.id;
        s.failing_since = null;
        continue;
      }
      const failingFor = s.failing_since ? (Date.now() - new Date(s.failing_since).getTime()) / 1000 : 0;
      if (failingFor >= this.retryWindowSeconds) {
        await repo.logAttempt(this.db, { deliveryId: delivery.id, ...outcome, status: 'failed' });
        await this.giveUp(s);
      } else {
        await repo.logAttempt(this.db, { deliveryId: delivery.id, ...outcome });
        await repo.retryLater(this.db, s, retryDelaySeconds(delivery.attempts + 1, this.random));
      }
      return made;
    }
    await repo.release(this.db, s);
    return made;
  }

  /** The retry window is over: the subscription is disabled (audited as the server's) and its manager told. */
  private async giveUp(s: repo.ClaimedSubscription) {
    await this.db.transaction().execute(async (trx) => {
      await repo.disableSubscription(trx, s.id);
      await recordAudit(trx, {
        actor: { system: 'server' },
        action: 'webhook.disable',
        objectType: 'webhook',
        objectId: s.id,
        ...auditFirmas(s.firma_ids),
        after: { url: s.url, enabled: false, reason: 'retry-window-over' },
      });
      if (s.owner_user_id !== null) {
        await notify(trx, s.owner_user_id, {
          title: EVENTS_MSG.subscriptionDisabledTitle,
          text: EVENTS_MSG.subscriptionDisabledText(s.url),
          route: '/',
        });
      }
    });
    this.log.warn({ subscription: s.id, url: s.url }, 'webhook subscription disabled after its retry window');
  }
}
