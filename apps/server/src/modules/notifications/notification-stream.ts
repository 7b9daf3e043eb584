import type { NotificationStreamEvent } from '@mde/contracts';
import type { Db } from '../../db/database';
import type { Notifications } from '../../db/notifications';
import * as repo from './notifications.repository';
import { toNotification } from './notifications.service';

type Listener = (event: NotificationStreamEvent | 'refresh') => void;

// Every pooled connection listens, so one NOTIFY arrives once per connection: the ids already told are kept
// for a while and told once.
const TOLD_KEPT = 500;
// pg closes connections idle for 5 minutes; with none left this instance would hear no other instance.
// While a stream is open a statement now and then keeps one connection (and its LISTEN) alive.
const KEEP_LISTENING_MS = 60_000;

/**
 * One instance's open notification streams. A notification is announced on 'mde_notification' when its
 * transaction commits (notifications.events.ts), so it reaches the streams of every instance: PostgreSQL
 * delivers it to each listening connection, PGlite in the process.
 */
export class NotificationStreams {
  private readonly byUser = new Map<number, Set<Listener>>();
  private readonly told = new Set<number>();
  private off: (() => void) | null = null;
  private keepAlive: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly notifications: Notifications,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** Calls the listener with each new notification of the user until the returned function is called. */
  subscribe(userId: number, listener: Listener): () => void {
    if (!this.off) this.start();
    const listeners = this.byUser.get(userId) ?? new Set<Listener>();
    listeners.add(listener);
    this.byUser.set(userId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.byUser.delete(userId);
      if (this.byUser.size === 0) this.stop();
    };
  }

  get open() {
    let count = 0;
    for (const listeners of this.byUser.values()) count += listeners.size;
    return count;
  }

  stop() {
    this.off?.();
    this.off = null;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
  }

  private start() {
    this.off = this.notifications.subscribe({
      message: (channel, payload) => {
        if (channel === 'mde_notification') this.announced(payload);
      },
      // Messages may have been missed while no connection listened: every stream asks for its count again.
      reset: () => {
        for (const listeners of this.byUser.values()) for (const listener of listeners) listener('refresh');
      },
    });
    this.keepAlive = setInterval(() => {
      this.db
        .selectNoFrom((eb) => eb.val(1).as('one'))
        .execute()
        .catch(() => undefined);
    }, KEEP_LISTENING_MS);
    this.keepAlive.unref();
  }

  private announced(payload: string) {
    const [user, id] = payload.split(':').map(Number);
    if (!user || !id || !this.byUser.has(user) || this.told.has(id)) return;
    this.told.add(id);
    if (this.told.size > TOLD_KEPT) this.told.delete(this.told.values().next().value as number);
    void this.tell(user, id).catch((error) => this.log.warn({ err: error }, 'notification stream: lookup failed'));
  }

  private async tell(userId: number, id: number) {
    const row = await repo.findNotification(this.db, userId, id);
    if (!row) return;
    const event = { notification: toNotification(row), unread: await repo.countUnread(this.db, userId) };
    for (const listener of this.byUser.get(userId) ?? []) listener(event);
  }
}
