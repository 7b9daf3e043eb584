import type { Capture } from '@mde/contracts';
import type { CaptureDatabase } from '../../offline/captures/capture-db';
import { type CaptureHeaderRow, type CaptureScope, headerKey } from '../../offline/captures/rows';
import { raceDeadline } from './deadline';
import { changesOnTheirWay, reconcileCapture } from './reconcile';

/** How long opening a module waits for the server's open capture before it goes on with what the device has. */
export const CONTINUE_WAIT_MS = 3000;

/**
 * The header of the open capture a module opens with. A device that has none asks the server for the open
 * capture of the module and context: the user may have started it on another device, and then this device shows
 * its header and lines and continues it, instead of asking the start step again. Failing or slower than
 * `waitMs`, the device goes on with what it has (the list asks the server again when it opens).
 */
export async function openCaptureHeader(
  db: CaptureDatabase,
  scope: CaptureScope,
  fetchCapture: () => Promise<Capture>,
  waitMs = CONTINUE_WAIT_MS,
): Promise<CaptureHeaderRow | null> {
  const local = await db.headers.get(headerKey(scope));
  if (local) return local;
  const asked = await changesOnTheirWay(db, scope);
  const answer = await raceDeadline(fetchCapture(), waitMs);
  if (answer.kind !== 'value' || answer.value.vkforgId !== scope.vkforgId) return null;
  await reconcileCapture(db, scope, answer.value, asked);
  return (await db.headers.get(headerKey(scope))) ?? null;
}
