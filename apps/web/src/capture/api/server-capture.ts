import type { Capture, CaptureModule } from '@mde/contracts';
import { apiFetch } from '../../lib/api-client';
import { captureDb } from '../../offline/captures/capture-db';
import type { CaptureScope } from '../../offline/captures/rows';
import { captureEndpoints, isOffline } from './endpoints';
import { changesOnTheirWay, reconcileCapture } from './reconcile';

/** Fetches the open capture and merges it into the device's copy; offline or failing, the device copy stays. */
export async function refreshCapture(scope: CaptureScope): Promise<void> {
  if (isOffline()) return;
  try {
    const asked = await changesOnTheirWay(captureDb, scope);
    const capture = await apiFetch<Capture>(captureEndpoints.capture(scope.module as CaptureModule));
    if (capture.vkforgId !== scope.vkforgId) return;
    await reconcileCapture(captureDb, scope, capture, asked);
  } catch {
    // The list works from the device copy; the sync engine reports connection problems.
  }
}
