import { ApiError, networkError } from '../lib/api-client';
import { isOffline } from '../lib/online';

/** The server's answer; without network (offline or unreachable) the device's, else the connection error. */
export async function serverOrDevice<T>(
  fromServer: () => Promise<T>,
  fromDevice: () => Promise<T | undefined>,
): Promise<{ data: T; offline: boolean }> {
  const device = async () => {
    const kept = await fromDevice();
    if (kept === undefined) throw networkError();
    return { data: kept, offline: true };
  };
  if (isOffline()) return device();
  try {
    return { data: await fromServer(), offline: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return device();
    throw error;
  }
}
