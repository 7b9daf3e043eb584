import type { NotificationStreamEvent } from '@mde/contracts';
import type { Db } from '../../db/database';
import type { Notifications } from '../../db/notifications';
import { CoalescedRun } from '../../lib/coalesced-run';
import * as repo from './notifications.repository';
import { toNotification } from './notifications.service';

/** One open stream, as the route hands it over. */
export interface StreamClient {
  /** A new notification of its user, or 'refresh': messages may have been missed, the count is asked again. */
  tell(event: NotificationStreamEvent | 'refresh'): void;
  /** Whether the stream's session is still open now (read from the database; never counts as activity). */
  sessionOpen(): Promise<boolean>;
  /** The comment line that keeps proxies and the handheld's Wi-Fi from dropping a quiet stream. */
  beat(): void;
  /** Ends the stream: its session has ended. */
  end(): void;
}

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
 *
 * A stream ends with its session: whatever ends a session (logout, a disabled user, a password reset or
 * change) announces the user on 'mde_auth' (migration 20261122_0001), on every instance, and that user's streams
 * ask whether their session is still open; each heartbeat asks again, which ends a stream at the idle or
 * absolute limit, where nothing is announced; and a notification is told only to a stream whose session is open.
 */
export class NotificationStreams {
  private readonly byUser = new Map<number, Set<StreamClient>>();
  // One session check at a time per stream: every pooled connection hears the same 'mde_auth'.
  private readonly checks = new Map<StreamClient, CoalescedRun>();
  private readonly told = new Set<number>();
  private off: (() => void) | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly notifications: Notifications,
    private readonly log: { warn(details: object, message: string): void },
    private readonly heartbeatMs: number,
  ) {}

  /** Tells the client each new notification of the user until the returned function is called or it ends. */
  subscribe(userId: number, client: StreamClient): () => void {
    if (!this.off) this.start();
    const clients = this.byUser.get(userId) ?? new Set<StreamClient>();
    clients.add(client);
    this.byUser.set(userId, clients);
    this.checks.set(
      client,
      new CoalescedRun(
        () => this.ifOpen(userId, client, () => undefined),
        () => undefined,
      ),
    );
    return () => this.remove(userId, client);
  }

  private remove(userId: number, client: StreamClient) {
    const clients = this.byUser.get(userId);
    if (!clients?.delete(client)) return;
    this.checks.delete(client);
    if (clients.size === 0) this.byUser.delete(userId);
    if (this.byUser.size === 0) this.stop();
  }

  stop() {
    this.off?.();
    this.off = null;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private start() {
    this.off = this.notifications.subscribe({
      message: (channel, payload) => {
        if (channel === 'mde_notification') this.announced(payload);
        if (channel === 'mde_auth') this.checkUser(Number(payload));
      },
      // Messages may have been missed while no connection listened: every stream asks for its count again,
      // after its session has been asked whether it is still open.
      reset: () => {
        for (const [userId, clients] of this.byUser)
          for (const client of clients) void this.ifOpen(userId, client, () => client.tell('refresh'));
      },
    });
    this.heartbeat = setInterval(() => {
      for (const [userId, clients] of this.byUser)
        for (const client of clients) void this.ifOpen(userId, client, () => client.beat());
    }, this.heartbeatMs);
    this.heartbeat.unref();
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
    for (const client of this.byUser.get(userId) ?? []) void this.ifOpen(userId, client, () => client.tell(event));
  }

  /** Something of the user changed (mde_auth): each of their streams whose session ended, ends. */
  private checkUser(userId: number) {
    for (const client of this.byUser.get(userId) ?? []) void this.checks.get(client)?.wake();
  }

  /**
   * Runs `then` when the client's session is still open, ends the stream when it is not. When the database
   * cannot be asked, the stream stays for now (nothing can be told without it either) and the next heartbeat
   * asks again.
   */
  private async ifOpen(userId: number, client: StreamClient, then: () => void) {
    let open: boolean;
    try {
      open = await client.sessionOpen();
    } catch (error) {
      this.log.warn({ err: error }, 'notification stream: session check failed');
      return;
    }
    if (!this.byUser.get(userId)?.has(client)) return;
    if (open) return then();
    this.remove(userId, client);
    client.end();
  }
}
