import { GIFT_CARD_TIME_ZONE, giftCardBusinessDate } from '@mde/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { recordEvent } from '../integration-events/record-event';
import { notifyDailyBalanceReady } from '../notifications/notifications.events';
import { claimDayClose, listGiftCardUsers, listUnclosedVkforgs } from './gift-card-day-close.repository';
import { dayBalance } from './gift-cards.service';

export interface DayCloseOptions {
  /** 'HH:MM' in the store's time zone after which the day is closed (GIFT_CARD_DAY_CLOSE_TIME). */
  closeTime: string;
  /** The clock; tests set their own. */
  now?: () => Date;
}

const localTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: GIFT_CARD_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const previousDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The last store day that is over at `now`: today once the close time has passed, else yesterday. */
export function lastClosedDay(now: Date, closeTime: string): string {
  const today = giftCardBusinessDate(now);
  return localTime.format(now) >= closeTime ? today : previousDay(today);
}

/**
 * The days a run closes: the last closed day and the one before it, so a day whose close time the server
 * missed (down at 22:00) is closed on the next start, up to the following close.
 */
export function daysToClose(now: Date, closeTime: string): string[] {
  const last = lastClosedDay(now, closeTime);
  return [previousDay(last), last];
}

/**
 * Writes the "Tagesabschluss Gutscheinkarten" notifications of every vkforg with gift-card movements on the
 * closed days, once per vkforg and day: the day is claimed in the transaction that writes them. Returns the
 * vkforg-days this run closed.
 */
export async function closeGiftCardDays(db: Db, options: DayCloseOptions): Promise<number> {
  const now = (options.now ?? (() => new Date()))();
  let closed = 0;
  for (const day of daysToClose(now, options.closeTime)) {
    for (const { firma_id: firmaId, vkforg_id: vkforgId } of await listUnclosedVkforgs(db, day)) {
      const done = await db.transaction().execute(async (trx) => {
        if (!(await claimDayClose(trx, vkforgId, day))) return false;
        const balance = await dayBalance(trx, firmaId, vkforgId, day);
        // The ERP gets the closed day in the feed with its notifications (integration events).
        await recordEvent(trx, {
          type: 'gift-card.day-closed',
          firmaId,
          vkforgId,
          userId: null,
          document: { day, balance },
        });
        for (const userId of await listGiftCardUsers(trx, vkforgId)) {
          await notifyDailyBalanceReady(trx, userId, balance);
        }
        return true;
      });
      if (done) closed += 1;
    }
  }
  return closed;
}

export interface DayCloseLog {
  warn(details: object, message: string): void;
}

/**
 * The day close of one instance: a run at start (catching up a missed day) and then once a minute; a run
 * only asks the database when the last closed day has changed since its last successful run.
 */
export class DayCloseJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private doneFor: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: DayCloseOptions & { pollMs?: number },
    private readonly log: DayCloseLog,
  ) {}

  start() {
    this.timer = setInterval(() => void this.tick(), this.options.pollMs ?? 60_000);
    this.timer.unref();
    void this.tick();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  tick(): Promise<void> {
    if (this.running) return this.running;
    const now = (this.options.now ?? (() => new Date()))();
    const day = lastClosedDay(now, this.options.closeTime);
    if (day === this.doneFor) return Promise.resolve();
    this.running = closeGiftCardDays(this.db, { ...this.options, now: () => now })
      .then(
        () => {
          this.doneFor = day;
        },
        (error: unknown) => this.log.warn({ err: error }, 'gift-card day close failed; retried on the next run'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}

/** The day close on this instance (DAY_CLOSE_WORKER), started with the server, stopped before it closes. */
export function startDayClose(app: FastifyInstance) {
  if (!app.env.DAY_CLOSE_WORKER) return;
  const job = new DayCloseJob(app.database.db, { closeTime: app.env.GIFT_CARD_DAY_CLOSE_TIME }, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('preClose', () => job.stop());
}
