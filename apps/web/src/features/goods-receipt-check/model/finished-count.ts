import type { CaptureScope } from '../../../capture/hooks/device-store';

/**
 * A blind count is finished when the worker says so: from then on the comparison may show the expected
 * quantities. Kept on the device per user, store and document, so leaving the screen does not hide it again.
 */
const key = (scope: CaptureScope, documentId: number) =>
  `mde:goods-receipt-check:finished:${scope.owner}:${scope.vkforgId}:${documentId}`;

export function isCountFinished(scope: CaptureScope, documentId: number): boolean {
  try {
    return localStorage.getItem(key(scope, documentId)) === '1';
  } catch {
    return false;
  }
}

export function finishCount(scope: CaptureScope, documentId: number): void {
  try {
    localStorage.setItem(key(scope, documentId), '1');
  } catch {
    // Storage full or blocked: the comparison still shows for this visit of the screen.
  }
}
