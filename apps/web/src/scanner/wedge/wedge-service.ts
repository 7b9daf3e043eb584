import { deliverHandheld, setHandheldActive } from '../service/scan-service';
import { takeEarlyKeys } from './early-keys';
import type { WedgeScan } from './wedge-detector';
import { attachWedgeListener } from './wedge-listener';
import { loadWedgeSettings, saveWedgeSettings, type WedgeSettings } from './wedge-settings';

type Listener = (scan: WedgeScan) => void;
const debugListeners = new Set<Listener>();
let current: ReturnType<typeof attachWedgeListener> | null = null;

/** Starts the app-wide wedge listener (ScannerHost mounts it once). */
export function startWedge(): () => void {
  current?.detach();
  current = attachWedgeListener(loadWedgeSettings(), (scan) => {
    for (const l of debugListeners) l(scan);
    deliverHandheld(scan.data, 'wedge');
  });
  const mine = current;
  // A scan typed before the listener ran (see early-keys.ts) is recognised now, with its own key timing.
  for (const key of takeEarlyKeys()) mine.detector.feed(key);
  // Visible to support staff (and end-to-end tests): handheld scans are heard from now on.
  document.documentElement.dataset.wedge = 'listening';
  return () => {
    mine.detach();
    if (current === mine) {
      current = null;
      delete document.documentElement.dataset.wedge;
    }
  };
}

/** Switches the handheld integration on or off (§4: scans are ignored while inactive). */
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
