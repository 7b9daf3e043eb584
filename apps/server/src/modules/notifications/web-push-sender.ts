import type { PushPayload } from '@mde/contracts';
import webpush from 'web-push';
import { outcomeOfStatus, type PushOutcome, type PushSender, type PushTarget } from './push-sender';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

// A push waits at the push service for a day at most; after that it is stale news.
const TTL_SECONDS = 86_400;

/**
 * Web Push with VAPID (RFC 8030, RFC 8291 aes128gcm payload encryption, RFC 8292 VAPID JWT): `web-push`
 * builds the encrypted request, fetch sends it, so a plain-HTTP push service (a test's) works as well.
 */
export function webPushSender(keys: VapidKeys, subject: string, timeoutMs = 10_000): PushSender {
  return {
    provider: 'webpush',
    addressesSubscriptions: true,
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      if (!target.subscription) return 'dropped';
      const details = webpush.generateRequestDetails(target.subscription, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length itself from the body.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        return outcomeOfStatus(response.status);
      } catch {
        return 'retry';
      }
    },
  };
}

export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/** VAPID's contact (RFC 8292 §2.1): the sender address of the app's mails. */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (mailFrom.includes('@') ? mailFrom.trim() : '');
  return `mailto:${address || 'noreply@mde.local'}`;
}
