import { modals } from '@mantine/modals';
import type { Workbox } from 'workbox-window';
import { i18n } from '../i18n';
import { notifyError, notifyInfo, notifySuccess } from '../lib/notify';
import { lastPersonActivity } from '../lib/person-activity';
import { hasUnsavedInput, onUnsavedInputReleased } from '../lib/unsaved-input';
import { getPwaState, setPwaState } from './pwa-store';
import { createUpdateGate } from './update-gate';
import { onNoNewVersion, onVersionDetected, onVersionReady, reloadUrlAfterActivation } from './update-rules';

// docs/spec.md §9: register when stable or after 30000 ms; check for updates every 30 minutes.
export const REGISTER_TIMEOUT_MS = 30_000;
export const UPDATE_INTERVAL_MS = 1_800_000;
// docs/spec.md §7: the app's own service worker file is ngsw-worker.js.
export const SW_URL = '/ngsw-worker.js';

let wb: Workbox | undefined;
// workbox-window is fetched when registration starts (after load), not with the first script.
let workbox: typeof import('workbox-window') | undefined;
let registration: ServiceWorkerRegistration | undefined;
let activating = false;
let interval: ReturnType<typeof setInterval> | undefined;

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`pwa:${key}`, options);

async function versionOf(worker: ServiceWorker | null | undefined): Promise<string | undefined> {
  if (!worker || !workbox) return undefined;
  try {
    const answer = (await workbox.messageSW(worker, { type: 'GET_VERSION' })) as { version?: string } | undefined;
    return answer?.version;
  } catch {
    return undefined;
  }
}

/** VERSION_READY: both hashes known; the question whether to activate waits for a quiet moment (update-gate.ts). */
async function versionReady(): Promise<void> {
  const [current, next] = await Promise.all([versionOf(registration?.active), versionOf(registration?.waiting)]);
  setPwaState(onVersionReady(current, next));
  updateGate.offer();
}

/** docs/spec.md §4: ask whether to activate; "Nein" (or closing the question) is not asked again this session. */
function askUpdate(): void {
  let answered = false;
  modals.openConfirmModal({
    title: t('update.readyTitle'),
    children: t('update.readyQuestion'),
    labels: { confirm: i18n.t('common:yes'), cancel: i18n.t('common:no') },
    onConfirm: () => {
      answered = true;
      activateUpdate();
    },
    onClose: () => {
      if (!answered) updateGate.decline();
    },
  });
}

/** VERSION_DETECTED on a new worker; VERSION_INSTALLATION_FAILED when it dies before it is installed. */
function watchInstalling(reg: ServiceWorkerRegistration): void {
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    if (!worker || !navigator.serviceWorker.controller) return;
    setPwaState(onVersionDetected());
    notifyInfo(t('update.found'), { id: 'pwa-update-found' });
    worker.addEventListener('statechange', () => {
      if (worker.state === 'redundant' && !reg.waiting && reg.active !== worker) {
        notifyError(t('update.failed', { error: 'redundant' }));
      }
    });
  });
}

export async function registerServiceWorker(): Promise<boolean> {
  if (!getPwaState().supported) return false;
  workbox ??= await import('workbox-window');
  wb = new workbox.Workbox(SW_URL, { scope: '/' });
  wb.addEventListener('waiting', () => void versionReady());
  wb.addEventListener('controlling', (event) => {
    if (activating) window.location.replace(reloadUrlAfterActivation(window.location.href));
    // The first worker claims the page it was installed from: that is no other version, nothing to say.
    else if (event.isUpdate) notifyInfo(t('update.inconsistent'), { id: 'pwa-inconsistent' });
  });
  try {
    registration = await wb.register();
  } catch (error) {
    notifyError(t('update.failed', { error: error instanceof Error ? error.message : String(error) }));
    return false;
  }
  if (!registration) return false;
  watchInstalling(registration);
  setPwaState({ hasServiceWorker: true, currentHash: await versionOf(registration.active) });
  if (registration.waiting) void versionReady();
  clearInterval(interval);
  interval = setInterval(() => void checkForUpdate(), UPDATE_INTERVAL_MS);
  return true;
}

export async function unregisterServiceWorker(): Promise<boolean> {
  clearInterval(interval);
  const regs = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistrations() : [];
  const results = await Promise.all(regs.map((r) => r.unregister()));
  wb = undefined;
  registration = undefined;
  setPwaState({ hasServiceWorker: false, updateAvailable: false, currentHash: undefined, nextHash: undefined });
  return results.every(Boolean);
}

export type UpdateCheck = 'none' | 'found' | 'failed';

/** Asks the server for a new worker; NO_NEW_VERSION_DETECTED when nothing new is found. */
export async function checkForUpdate(): Promise<UpdateCheck> {
  if (!registration) return 'failed';
  try {
    await registration.update();
  } catch {
    notifyError(t('update.checkFailed'), { id: 'pwa-check-failed' });
    return 'failed';
  }
  if (registration.installing || registration.waiting) return 'found';
  setPwaState(onNoNewVersion(getPwaState()));
  return 'none';
}

const updateGate = createUpdateGate({
  hasUnsavedInput,
  onReleased: onUnsavedInputReleased,
  quietFor: () => Date.now() - (lastPersonActivity() ?? 0),
  wait: (ms, run) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
  ask: () => {
    if (registration?.waiting) askUpdate();
  },
  activate: () => {
    if (!wb || !registration?.waiting) return;
    activating = true;
    wb.messageSkipWaiting();
  },
  tellDeferred: () => notifyInfo(t('update.deferred'), { id: 'pwa-update-deferred' }),
});

/**
 * docs/spec.md §4: YES activates; the page reloads once the new worker controls it. With input not saved yet the
 * reload waits until it is saved and the device is left alone (update-gate.ts).
 */
export function activateUpdate(): void {
  updateGate.accept();
}

/** Registers once the app is idle after load (stable), at the latest after 30 s (docs/spec.md §9). */
export function scheduleServiceWorker(): void {
  if (!getPwaState().supported || import.meta.env.DEV) return;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    void registerServiceWorker();
  };
  setTimeout(run, REGISTER_TIMEOUT_MS);
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: REGISTER_TIMEOUT_MS }) : run();
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** After an update reload: the 'update installed' message (docs/spec.md §4). */
export const announceInstalledUpdate = () => notifySuccess(t('update.installed'), { id: 'pwa-installed' });

/**
 * A chunk of the running version is gone (the server has a newer build and this worker no longer
 * serves the old one): the unrecoverable state of docs/spec.md §4 — notify, then reload.
 */
export function watchUnrecoverable(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline a missing chunk says nothing about versions, and a reload would only show the browser's offline
    // page: the caller gets the failed import, and the part that could not load says so in its place with
    // "Erneut versuchen" (components/lazy-part.tsx); a second, general message here would only repeat it.
    if (!navigator.onLine) return;
    event.preventDefault();
    notifyError(t('update.unrecoverable'), { id: 'pwa-unrecoverable' });
    setTimeout(() => window.location.reload(), 3000);
  });
}
