import type { Db } from '../../db/database';
import type { Notifications } from '../../db/notifications';
import { CoalescedRun } from '../../lib/coalesced-run';
import { metrics } from '../../lib/metrics';
import * as repo from './push.repository';
import type { PushSender } from './push-sender';

export interface PushWorkerLog {
  warn(details: object, message: string): void;
}

export interface PushWorkerOptions {
  batch?: number;
  /** A claimed job is not taken again for this long; a send never takes longer (timeout 10 s). */
  leaseSeconds?: number;
  /** Besides the NOTIFY of each new job: how often due retries are looked for. */
  pollMs?: number;
  maxAttempts?: number;
}

/** Waits after a failed send: 30 s, doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * The push fan-out of one instance. Jobs live in PostgreSQL (push_job), so any number of instances share
 * them and each push leaves once: a worker claims rows with `for update skip locked` and a lease. It wakes
 * on NOTIFY mde_push (raised when a notification's transaction commits) and polls for due retries.
 */
export class PushWorker {
  private readonly run: CoalescedRun;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly batch: number;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly log: PushWorkerLog,
    options: PushWorkerOptions = {},
  ) {
    this.batch = options.batch ?? 20;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.pollMs = options.pollMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 6;
    this.run = new CoalescedRun(
      () => this.drain(),
      (error) => this.log.warn({ err: error }, 'push fan-out failed; retried on the next wake'),
    );
  }

  start(notifications: Notifications) {
    const off = notifications.subscribe({
      message: (channel) => {
        if (channel === 'mde_push') this.wake();
      },
      // Messages may have been missed while no connection listened: look once.
      reset: () => this.wake(),
    });
    this.unsubscribe = () => {
      off();
    };
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.run.stop();
  }

  /** Sends what is due; a wake during a run makes the run look again when it ends. */
  wake(): Promise<void> {
    return this.run.wake();
  }

  /** Claims and sends batches until nothing is due; returns how many jobs it handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const jobs = await repo.claimDueJobs(this.db, this.batch, this.leaseSeconds);
      if (jobs.length === 0) return handled;
      await Promise.all(jobs.map((job) => this.handle(job)));
      handled += jobs.length;
    }
  }

  private async handle(job: repo.ClaimedJob) {
    const subscription =
      job.endpoint && job.p256dh && job.auth
        ? { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } }
        : null;
    const outcome = await this.sender.send(
      { userId: job.user_id, subscription },
      { id: job.notification_id, title: job.title, body: job.text, route: job.route },
    );
    metrics.pushDelivered.inc({ outcome });
    if (outcome === 'gone' && job.subscription_id !== null) {
      // Dead subscription (404/410): removed, and its other jobs with it.
      await repo.deleteSubscriptionById(this.db, job.subscription_id);
    } else if (outcome === 'retry' && job.attempts < this.maxAttempts) {
      await repo.retryJobLater(this.db, job.id, retryDelaySeconds(job.attempts));
    } else {
      if (outcome !== 'sent') this.log.warn({ job: job.id, outcome }, 'push not delivered');
      await repo.finishJob(this.db, job.id);
    }
  }
}
