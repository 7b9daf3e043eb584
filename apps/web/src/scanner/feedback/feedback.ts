import { playBeep, playTones } from './audio';
import { emitFlash, type FeedbackKind } from './flash-store';

export type { FeedbackKind } from './flash-store';

// Distinct sound, vibration and colour per outcome, so staff notice a duplicate or an unknown code without
// looking at the screen.
const VIBRATION: Record<FeedbackKind, number[]> = {
  ok: [80],
  warning: [80, 80, 80],
  error: [300, 120, 300],
};

const TONES = {
  warning: [
    { hz: 880, ms: 90 },
    { hz: 880, ms: 90 },
  ],
  error: [{ hz: 220, ms: 450 }],
} as const;

function vibrate(pattern: number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Not every browser allows vibration (iOS, desktop): silent is fine.
  }
}

function signal(kind: FeedbackKind): void {
  if (kind === 'ok') playBeep();
  else playTones(TONES[kind]);
  vibrate(VIBRATION[kind]);
  emitFlash(kind);
}

export const feedback = {
  ok: () => signal('ok'),
  warning: () => signal('warning'),
  error: () => signal('error'),
};

/** After every decode: beep and a short vibration (docs/spec.md §4), no flash (the module decides OK/warning/error). */
export function decodeFeedback(): void {
  playBeep();
  vibrate(VIBRATION.ok);
}

export const useScanFeedback = () => feedback;
