import { useSyncExternalStore } from 'react';
import type { ResolvedSource } from '../settings/source-resolution';

// What the scanner shows right now. Services write it, ScannerHost's components read it; no rule lives in
// the components (docs/conventions.md#web).
export interface ScannerUiState {
  /** The full-screen camera view. */
  overlayOpen: boolean;
  /** The camera runs in the embedded view of the screen instead (docs/spec.md §2 'a further scanner view'). */
  embeddedOpen: boolean;
  /** Embedded views mounted now: while one is, a camera scan uses it instead of the overlay. */
  embeddedSlots: number;
  /** Camera and file are both allowed (a camera exists): the views offer the link that swaps them (docs/spec.md §4). */
  canSwap: boolean;
  sourceDialog: ((choice: ResolvedSource | null) => void) | null;
  /** Answers the file dialog: a file, null (dismissed) or 'camera' (swapped to the camera). */
  fileDialog: ((file: File | null | 'camera') => void) | null;
}

let state: ScannerUiState = {
  overlayOpen: false,
  embeddedOpen: false,
  embeddedSlots: 0,
  canSwap: false,
  sourceDialog: null,
  fileDialog: null,
};
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
  setUiState({ overlayOpen: false, embeddedOpen: false, sourceDialog: null, fileDialog: null });
}

/** Opens the camera view: the embedded one when a screen has it, else the full-screen overlay. */
export function openCameraView(): void {
  setUiState(state.embeddedSlots > 0 ? { embeddedOpen: true } : { overlayOpen: true });
}

/** A screen mounts an embedded camera view; the returned function unmounts it. */
export function mountEmbeddedView(): () => void {
  setUiState({ embeddedSlots: state.embeddedSlots + 1 });
  return () => setUiState({ embeddedSlots: Math.max(0, state.embeddedSlots - 1) });
}
