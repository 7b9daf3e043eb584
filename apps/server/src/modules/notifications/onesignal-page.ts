import type { Env } from '../../config/env';
import type { ProviderOrigins } from '../../plugins/security';

/** What OneSignal's page SDK calls besides its own origin (its REST API and its site). */
const ONESIGNAL_API_ORIGINS = ['https://onesignal.com', 'https://api.onesignal.com'];

/**
 * The page policy's extra origins for OneSignal: its SDK's origin (script, stylesheets, calls) and its API,
 * only when ONESIGNAL_APP_ID and ONESIGNAL_API_KEY are set; otherwise the policy stays the app's own.
 */
export function oneSignalPageOrigins(env: Pick<Env, 'ONESIGNAL_APP_ID' | 'ONESIGNAL_API_KEY' | 'ONESIGNAL_SDK_URL'>) {
  if (!env.ONESIGNAL_APP_ID || !env.ONESIGNAL_API_KEY) return { script: [], connect: [] } satisfies ProviderOrigins;
  const sdk = new URL(env.ONESIGNAL_SDK_URL).origin;
  return { script: [sdk], connect: [...new Set([sdk, ...ONESIGNAL_API_ORIGINS])] } satisfies ProviderOrigins;
}
