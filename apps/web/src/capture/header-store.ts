import type { Capture, CaptureModule, UserContext } from '@mde/contracts';
import { apiFetch } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { captureDb } from '../offline/captures/capture-db';
import type { CaptureHeaderRow, CaptureScope } from '../offline/captures/rows';
import { userContextQuery } from '../session/user-context';
import { openCaptureHeader } from './api/continue-capture';
import { captureEndpoints, isOffline } from './api/endpoints';

/** The scope of a module for route loaders (outside React): the session's user and vkforg. */
export async function loaderScope(module: CaptureModule): Promise<CaptureScope> {
  const context: UserContext = await queryClient.ensureQueryData(userContextQuery());
  return { owner: context.userId, module, vkforgId: context.vkforgid };
}

/** The header a module opens with: the device's, or the open capture the user started on another device. */
export async function loadHeader(module: CaptureModule): Promise<CaptureHeaderRow | null> {
  const scope = await loaderScope(module);
  const fetchCapture = () =>
    isOffline() ? Promise.reject(new Error('offline')) : apiFetch<Capture>(captureEndpoints.capture(module));
  return openCaptureHeader(captureDb, scope, fetchCapture);
}
