import type { PushPayload } from '@mde/contracts';
import webpush from 'web-push';
import { endpointShapeAllowed, PUSH_ENDPOINT_REFUSED, pushLookup, type Resolve, sendPinned } from './push-endpoint';
import { outcomeOfStatus, type PushOutcome, type PushSender, type PushTarget } from './push-sender';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

// A push waits at the push service for a day at most; after that it is stale news.
const TTL_SECONDS = 86_400;

export interface WebPushOptions {
  /** Test only (PUSH_ALLOW_PRIVATE_ENDPOINTS): plain HTTP and addresses inside the network, for a local push service. */
  allowPrivate?: boolean;
  timeoutMs?: number;
  resolve?: Resolve;
}

/**
 * Web Push with VAPID (RFC 8030, RFC 8291 aes128gcm payload encryption, RFC 8292 VAPID JWT): `web-push`
 * builds the encrypted request; it goes out only to a public push service, over a connection to the very
 * address that was checked, and a push whose endpoint is not one is dropped.
 */
export function webPushSender(keys: VapidKeys, subject: string, options: WebPushOptions = {}): PushSender {
  const allowPrivate = options.allowPrivate ?? false;
  const lookup = pushLookup(allowPrivate, options.resolve);
  return {
    provider: 'webpush',
    addressesSubscriptions: true,
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      if (!target.subscription) return 'dropped';
      if (!endpointShapeAllowed(target.subscription.endpoint, allowPrivate)) return 'dropped';
      const details = webpush.generateRequestDetails(target.subscription, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // sendPinned sets the length itself from the body.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      try {
        const status = await sendPinned(new URL(details.endpoint), {
          method: details.method,
          headers,
          body: Buffer.from(details.body ?? ''),
          timeoutMs: options.timeoutMs ?? 10_000,
          lookup,
        });
        return outcomeOfStatus(status);
      } catch (error) {
        // A name that now resolves into the network will not be let through on the next try either.
        return (error as NodeJS.ErrnoException).code === PUSH_ENDPOINT_REFUSED ? 'dropped' : 'retry';
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
