import type { PushPayload } from '@mde/contracts';

/** Where a push goes: a browser's subscription (Web Push) or the user itself (a provider's external id). */
export interface PushTarget {
  userId: number;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } } | null;
}

/**
 * sent: delivered to the push service. gone: the subscription no longer exists (404/410) and is removed.
 * dropped: the push service refused this message for good. retry: try again later (network, 429, 5xx).
 */
export type PushOutcome = 'sent' | 'gone' | 'dropped' | 'retry';

/** One provider interface: the self-hosted Web Push sender or OneSignal (config-selected). */
export interface PushSender {
  readonly provider: 'webpush' | 'onesignal';
  /** Jobs are queued per browser subscription (Web Push) or per user (a provider that keeps its own). */
  readonly addressesSubscriptions: boolean;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** How an HTTP answer of a push service is taken (RFC 8030 §5, §7.3). */
export function outcomeOfStatus(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500 || status === 408) return 'retry';
  return 'dropped';
}
