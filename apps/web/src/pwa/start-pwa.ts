import { watchInstallPrompt } from './install';
import { scheduleServiceWorker, watchUnrecoverable } from './service-worker';

/** Called once before the first render, so an early install prompt is not missed. */
export function startPwa(): void {
  watchInstallPrompt();
  watchUnrecoverable();
  scheduleServiceWorker();
}
