import { claimPushDevice, currentSubscription, disablePush, enablePush, releasePushDevice } from './push';
import type { PushProvider } from './push-provider';

/** The self-hosted Web Push (VAPID): the device's subscription is stored for the logged-in user. */
export const webPushProvider: PushProvider = {
  login: () => claimPushDevice(),
  logout: () => releasePushDevice(),
  enable: () => enablePush(),
  disable: () => disablePush(),
  isSubscribed: async () => !!(await currentSubscription()),
};
