import { BEEP_URL } from '../settings/constants';

let ctx: AudioContext | null = null;
let beepEl: HTMLAudioElement | null = null;

function audioContext(): AudioContext | null {
  if (ctx) return ctx;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  ctx = Ctor ? new Ctor() : null;
  return ctx;
}

/**
 * Browsers block sound until a user gesture; call this from the login button click so the
 * first scan of the day beeps.
 */
export function unlockAudio(): void {
  const c = audioContext();
  void c?.resume().catch(() => undefined);
  if (typeof Audio === 'undefined') return;
  beepEl ??= new Audio(BEEP_URL);
  beepEl.preload = 'auto';
  beepEl.muted = true;
  void beepEl
    .play()
    .then(() => {
      beepEl?.pause();
      if (beepEl) {
        beepEl.muted = false;
        beepEl.currentTime = 0;
      }
    })
    .catch(() => {
      if (beepEl) beepEl.muted = false;
    });
}

/** The decode beep (docs/spec.md §4); a missing or blocked file only warns in the console (§8). */
export function playBeep(): void {
  try {
    if (typeof Audio === 'undefined') return;
    beepEl ??= new Audio(BEEP_URL);
    beepEl.currentTime = 0;
    void beepEl.play().catch((e: unknown) => console.warn('Scanner beep could not be played', e));
  } catch (e) {
    console.warn('Scanner beep could not be played', e);
  }
}

/** Synthesised tones for warning and error, so they differ clearly from the OK beep without more files. */
export function playTones(tones: readonly { hz: number; ms: number }[]): void {
  const c = audioContext();
  if (c?.state !== 'running') return;
  let at = c.currentTime;
  for (const t of tones) {
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = 'square';
    osc.frequency.value = t.hz;
    gain.gain.setValueAtTime(0.15, at);
    gain.gain.setValueAtTime(0, at + t.ms / 1000);
    osc.connect(gain).connect(c.destination);
    osc.start(at);
    osc.stop(at + t.ms / 1000);
    at += t.ms / 1000 + 0.06;
  }
}
