import { type EarlyScan, takeBootedWedge } from '../handheld-boot';
import { arbiter, deliverHandheld, setHandheldActive } from '../service/scan-service';
import type { WedgeScan } from './wedge-detector';
import { attachWedgeListener } from './wedge-listener';
import { loadWedgeSettings, saveWedgeSettings, type WedgeSettings } from './wedge-settings';

type Listener = (scan: WedgeScan) => void;
const debugListeners = new Set<Listener>();
let current: ReturnType<typeof attachWedgeListener> | null = null;
let owners = 0;

function deliverWedge(scan: WedgeScan): void {
  for (const l of debugListeners) l(scan);
  deliverHandheld(scan.data, 'wedge');
}

function deliverEarly(early: EarlyScan): void {
  if (early.source === 'wedge') deliverWedge(early.scan);
  else deliverHandheld(early.data, 'datawedge', early.labelType);
}

/**
 * Runs the app-wide wedge listener: the one started with the page (handheld-boot.ts) when there is one, with the
 * scans that waited for this service, else a new one. Called when the first early scan wakes the service and
 * when ScannerHost mounts: a second call keeps the running listener, so what its detector learned (which
 * terminator the device sends) stays; it stops when every caller has let go. The settings are checked here,
 * the boot listener took them unchecked.
 */
export function startWedge(): () => void {
  const settings = loadWedgeSettings();
  current ??= takeBootedWedge(deliverEarly) ?? attachWedgeListener(settings, deliverWedge);
  current.detector.settings = settings;
  current.scanPossible = () => arbiter.takesScans;
  owners += 1;
  // Visible to support staff (and end-to-end tests): handheld scans are heard from now on.
  document.documentElement.dataset.wedge = 'listening';
  let released = false;
  return () => {
    if (released) return;
    released = true;
    owners -= 1;
    if (owners > 0 || !current) return;
    current.detach();
    current = null;
    delete document.documentElement.dataset.wedge;
  };
}

/** Switches the handheld integration on or off (docs/spec.md §4: scans are ignored while inactive). */
export function setWedgeActive(active: boolean): void {
  setHandheldActive(active);
  if (current) {
    current.detector.active = active;
    if (!active) current.detector.reset();
  }
}

/** Stores new wedge settings and hands them to the running detector, so a change needs no reload. */
export function applyWedgeSettings(settings: WedgeSettings): void {
  saveWedgeSettings(settings);
  if (current) current.detector.settings = settings;
}

export const activeWedgeSettings = (): WedgeSettings | null => current?.detector.settings ?? null;

export const learnedTerminator = () => current?.detector.learnedTerminator ?? null;

/** Raw wedge scans with key timing, for the scanner test page. */
export function subscribeWedgeDebug(l: Listener): () => void {
  debugListeners.add(l);
  return () => debugListeners.delete(l);
}
