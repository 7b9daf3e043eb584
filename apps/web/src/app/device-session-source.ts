// The background sync and the device report send for the signed-in user: offline/ reads the session through
// this reader. Wired by import in main.tsx, before any screen starts a sync.
import type { UserContext } from '@mde/contracts';
import { queryClient } from '../lib/query-client';
import { setDeviceSessionSource } from '../offline/device-session';
import { awaitsPasswordChange } from '../session/guard-decisions';
import { sessionKeys } from '../session/user-context';

setDeviceSessionSource(() => {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  // Signed in with a one-time password the server takes nothing but the password change: nothing is sent.
  if (!context || awaitsPasswordChange(context)) return null;
  return { userId: context.userId, vkforgId: context.vkforgid };
});
