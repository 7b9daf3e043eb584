// docs/spec.md §4 "Scanner component states" and their allowed moves.
export const ScannerState = {
  NOT_STARTED: 'NOT_STARTED',
  SCANNING: 'SCANNING',
  PAUSED: 'PAUSED',
} as const;
export type ScannerState = (typeof ScannerState)[keyof typeof ScannerState];

export type ScannerTransition = 'start' | 'pause' | 'resume' | 'stop' | 'scanFile';

const ALLOWED: Record<ScannerTransition, readonly ScannerState[]> = {
  start: [ScannerState.NOT_STARTED],
  // NOT_STARTED cannot go directly to PAUSED; pause only while scanning.
  pause: [ScannerState.SCANNING],
  resume: [ScannerState.PAUSED],
  stop: [ScannerState.SCANNING, ScannerState.PAUSED],
  // A file scan is possible only when the camera is not started.
  scanFile: [ScannerState.NOT_STARTED],
};

const NEXT: Record<ScannerTransition, ScannerState> = {
  start: ScannerState.SCANNING,
  pause: ScannerState.PAUSED,
  resume: ScannerState.SCANNING,
  stop: ScannerState.NOT_STARTED,
  scanFile: ScannerState.NOT_STARTED,
};

export const canTransition = (from: ScannerState, t: ScannerTransition): boolean => ALLOWED[t].includes(from);

export class ScannerStateMachine {
  private current: ScannerState = ScannerState.NOT_STARTED;

  get state(): ScannerState {
    return this.current;
  }

  /** Applies a move or throws, so a caller bug never leaves a camera running in a wrong state. */
  apply(t: ScannerTransition): ScannerState {
    if (!canTransition(this.current, t)) {
      throw new Error(`Scanner: '${t}' is not allowed in state ${this.current}`);
    }
    this.current = NEXT[t];
    return this.current;
  }
}
