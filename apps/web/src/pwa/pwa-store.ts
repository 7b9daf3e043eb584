import { useSyncExternalStore } from 'react';

/** What the web-app settings (spec §2) show about the service worker, updates and installation. */
export interface PwaState {
  supported: boolean;
  hasServiceWorker: boolean;
  updateAvailable: boolean;
  currentHash?: string;
  nextHash?: string;
  canInstall: boolean;
  isPwa: boolean;
}

let state: PwaState = {
  supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  hasServiceWorker: false,
  updateAvailable: false,
  canInstall: false,
  isPwa: false,
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
