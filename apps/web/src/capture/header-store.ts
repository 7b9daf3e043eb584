import type { CaptureModule, UserContext } from '@mde/contracts';
import { queryClient } from '../lib/query-client';
import { captureDb } from '../offline/captures/capture-db';
import { type CaptureHeaderRow, type CaptureScope, headerKey } from '../offline/captures/rows';
import { userContextQuery } from '../session/user-context';

/** The scope of a module for route loaders (outside React): the session's user and vkforg. */
export async function loaderScope(module: CaptureModule): Promise<CaptureScope> {
  const context: UserContext = await queryClient.ensureQueryData(userContextQuery());
  return { owner: context.userId, module, vkforgId: context.vkforgid };
}

export async function loadHeader(module: CaptureModule): Promise<CaptureHeaderRow | null> {
  return (await captureDb.headers.get(headerKey(await loaderScope(module)))) ?? null;
}
