import { useSyncExternalStore } from 'react';

/** What the web-app settings (docs/spec.md §2) show about the service worker, updates and installation. */
export interface PwaState {
  supported: boolean;
  hasServiceWorker: boolean;
  updateAvailable: boolean;
  currentHash?: string;
  nextHash?: string;
  canInstall: boolean;
  isPwa: boolean;
  /** The installed apps the browser relates to this site (getInstalledRelatedApps): not empty = installed. */
  relatedApps: RelatedApp[];
  /** The browser can share a page (navigator.share): the open button of an installed app uses it. */
  hasWebShare: boolean;
}

/** One entry of navigator.getInstalledRelatedApps(). */
export interface RelatedApp {
  platform: string;
  url?: string;
  id?: string;
}

let state: PwaState = {
  supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  hasServiceWorker: false,
  updateAvailable: false,
  canInstall: false,
  isPwa: false,
  relatedApps: [],
  hasWebShare: typeof navigator !== 'undefined' && typeof navigator.share === 'function',
};
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, getPwaState, getPwaState);
}
