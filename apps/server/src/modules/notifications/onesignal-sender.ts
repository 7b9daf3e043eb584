import type { PushPayload } from '@mde/contracts';
import { outcomeOfStatus, type PushOutcome, type PushSender, type PushTarget } from './push-sender';

export interface OneSignalConfig {
  appId: string;
  apiKey: string;
  /** The REST endpoint; a test points it at its own server. */
  url?: string;
  timeoutMs?: number;
}

const DEFAULT_URL = 'https://api.onesignal.com/notifications';

/**
 * OneSignal as the push provider (docs/architecture.md#push: optional when configured). OneSignal keeps the devices
 * itself; a push is addressed to the user's external id, which is the userId as a string (docs/spec.md §3).
 */
export function oneSignalSender(config: OneSignalConfig): PushSender {
  return {
    provider: 'onesignal',
    addressesSubscriptions: false,
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      const body = {
        app_id: config.appId,
        target_channel: 'push',
        include_aliases: { external_id: [String(target.userId)] },
        headings: { en: payload.title, de: payload.title },
        contents: { en: payload.body || payload.title, de: payload.body || payload.title },
        data: { id: payload.id, route: payload.route },
      };
      try {
        const response = await fetch(config.url ?? DEFAULT_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Key ${config.apiKey}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        // A user without devices at OneSignal is not an error of the push: nothing to deliver to.
        return response.status === 404 ? 'dropped' : outcomeOfStatus(response.status);
      } catch {
        return 'retry';
      }
    },
  };
}
