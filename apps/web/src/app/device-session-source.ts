// The background sync and the device report send for the signed-in user: offline/ reads the session through
// this reader. Wired by import in main.tsx, before any screen starts a sync.
import type { UserContext } from '@mde/contracts';
import { queryClient } from '../lib/query-client';
import { setDeviceSessionSource } from '../offline/device-session';
import { sessionKeys } from '../session/user-context';

setDeviceSessionSource(() => {
  const context = queryClient.getQueryData<UserContext>(sessionKeys.context());
  return context ? { userId: context.userId, vkforgId: context.vkforgid } : null;
});
