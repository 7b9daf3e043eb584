/**
 * PostgreSQL LISTEN/NOTIFY for in-process caches (the session cache of plugins/auth.ts) and the notification
 * stream to the open app. Every connection of
 * the handle listens, so a NOTIFY raised by a write through this handle reaches the listeners before that
 * write's promise resolves (the server sends it ahead of ReadyForQuery); other instances get it from their
 * idle connections at once. `live` is false while no connection listens: a cache must then not trust
 * itself, and `reset` tells it that messages may have been missed.
 */
export const NOTIFY_CHANNELS = ['mde_auth', 'mde_push', 'mde_notification'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface NotifyListener {
  message(channel: NotifyChannel, payload: string): void;
  reset(): void;
}

export class Notifications {
  private readonly listeners = new Set<NotifyListener>();
  private readonly connections = new Set<object>();

  get live() {
    return this.connections.size > 0;
  }

  subscribe(listener: NotifyListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(channel: string, payload: string | undefined) {
    if (!(NOTIFY_CHANNELS as readonly string[]).includes(channel)) return;
    for (const listener of this.listeners) listener.message(channel as NotifyChannel, payload ?? '');
  }

  /** A connection now listens on every channel. */
  connectionUp(connection: object) {
    const wasLive = this.live;
    this.connections.add(connection);
    if (!wasLive) for (const listener of this.listeners) listener.reset();
  }

  connectionDown(connection: object) {
    this.connections.delete(connection);
    if (!this.live) for (const listener of this.listeners) listener.reset();
  }
}
