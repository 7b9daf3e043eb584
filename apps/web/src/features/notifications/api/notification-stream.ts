import {
  NOTIFICATION_STREAM_EVENTS,
  type NotificationStreamEvent,
  notificationStreamEventSchema,
  unreadCountSchema,
} from '@mde/contracts';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ApiError, apiStream } from '../../../lib/api-client';
import { notificationEndpoints } from './endpoints';

export interface StreamHandlers {
  /** The stream is open (again): the bell's count as the server has it now. */
  onUnread(unread: number): void;
  onNotification(event: NotificationStreamEvent): void;
  /** The stream is up or down; while down the bell's poll does its work. */
  onLive(live: boolean): void;
}

// A dropped line is tried again soon, then less often: a handheld walking out of the Wi-Fi does not hammer.
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
export const retryDelayMs = (failures: number) => RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The open app's live line to its notifications (GET /api/v1/notifications/stream), kept open until the
 * signal aborts: reconnects after a drop, and stops when the session is gone (401/403: the login follows).
 * The app's own work: it never counts as the person's activity for the idle limit.
 */
export async function runNotificationStream(handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const response = await apiStream(notificationEndpoints.stream, { signal, background: true });
      if (!response.body) throw new Error('no body');
      const reader = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const message = next.value;
        const data: unknown = JSON.parse(message.data);
        if (message.event === NOTIFICATION_STREAM_EVENTS.unread) {
          failures = 0;
          handlers.onLive(true);
          handlers.onUnread(unreadCountSchema.parse(data).unread);
        } else if (message.event === NOTIFICATION_STREAM_EVENTS.notification) {
          handlers.onNotification(notificationStreamEventSchema.parse(data));
        }
      }
    } catch (error) {
      if (signal.aborted) break;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        handlers.onLive(false);
        return;
      }
    }
    handlers.onLive(false);
    await sleep(retryDelayMs(failures), signal);
    failures += 1;
  }
  handlers.onLive(false);
}
