import { useSyncExternalStore } from 'react';
import type { ResolvedSource } from '../settings/source-resolution';

// What the scanner shows right now. Services write it, ScannerHost's components read it; no rule lives in
// the components (STYLE.md).
export interface ScannerUiState {
  overlayOpen: boolean;
  sourceDialog: ((choice: ResolvedSource | null) => void) | null;
  fileDialog: ((file: File | null) => void) | null;
}

let state: ScannerUiState = { overlayOpen: false, sourceDialog: null, fileDialog: null };
const listeners = new Set<() => void>();

export const getUiState = (): ScannerUiState => state;

export function setUiState(patch: Partial<ScannerUiState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function subscribeUi(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export const useScannerUi = (): ScannerUiState => useSyncExternalStore(subscribeUi, getUiState, getUiState);

/** Closes whatever is open; a pending dialog answer counts as dismissed. */
export function closeScannerUi(): void {
  state.sourceDialog?.(null);
  state.fileDialog?.(null);
  setUiState({ overlayOpen: false, sourceDialog: null, fileDialog: null });
}
