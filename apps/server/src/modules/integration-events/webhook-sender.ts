import { randomBytes } from 'node:crypto';
import type { IntegrationEvent } from '@mde/contracts';
import { Webhook } from 'standardwebhooks';

/** A new subscription's secret in the Standard Webhooks form: `whsec_` and 32 random bytes, base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** A receiver that does not answer within this time has failed this attempt. */
export const DELIVERY_TIMEOUT_MS = 5000;

/**
 * One delivery as the Standard Webhooks spec has it: the JSON body {type, timestamp, data}, the headers
 * webhook-id (the event's id, the same on every retry, for the receiver to drop repeats), webhook-timestamp
 * and webhook-signature (signed by the `standardwebhooks` package). Only a 2xx answer counts; redirects are
 * not followed (a 3xx is a failure), so the request never goes anywhere but the URL the administrator set.
 */
export async function sendWebhook(
  target: WebhookTarget,
  event: IntegrationEvent,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const now = new Date();
  const body = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event });
  const signature = new Webhook(target.secret).sign(event.id, now, body);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'MDE-Webhooks/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, statusCode: response.status, durationMs: took(), error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const message = timedOut ? `Zeitüberschreitung nach ${timeoutMs} ms` : causeOf(error);
    return { ok: false, statusCode: null, durationMs: took(), error: message };
  }
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return (cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))).slice(0, 300);
}
