import type { PushConfig } from '@mde/contracts';
import { apiFetch } from '../../../lib/api-client';
import { notificationEndpoints } from './endpoints';
import { OneSignalProvider } from './onesignal-provider';
import type { PushProvider } from './push-provider';
import { webPushProvider } from './web-push-provider';

/** The provider the server's config names; OneSignal's SDK is loaded only when it is the one. */
export function providerFor(config: PushConfig): PushProvider {
  return config.provider === 'onesignal' ? new OneSignalProvider(config) : webPushProvider;
}

let chosen: Promise<PushProvider> | null = null;

/** The provider of this page, asked of the server once (a failed question is asked again next time). */
export function pushProvider(): Promise<PushProvider> {
  if (!chosen) {
    const asking = apiFetch<PushConfig>(notificationEndpoints.pushConfig).then(providerFor);
    chosen = asking;
    asking.catch(() => {
      if (chosen === asking) chosen = null;
    });
  }
  return chosen;
}

/**
 * docs/spec.md §4: on logout the push's user is removed, by the provider chosen for this page; one never chosen
 * (the server was not asked, e.g. offline) can only be Web Push's subscription of this device.
 */
export async function releasePush(): Promise<void> {
  const provider = chosen ? await chosen.catch(() => webPushProvider) : webPushProvider;
  await provider.logout().catch(() => undefined);
}
