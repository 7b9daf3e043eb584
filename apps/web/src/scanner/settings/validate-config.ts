import { READABLE_FORMATS, type ReadableFormat } from '@mde/contracts';
import { MIN_QRBOX_SIDE } from './constants';

export type ScanType = 'camera' | 'file';

export interface ScannerConfig {
  fps?: number;
  qrbox?: { width: number; height: number };
  aspectRatio?: number;
  formatsToSupport?: readonly string[];
  supportedScanTypes?: readonly string[];
  videoConstraints?: MediaTrackConstraints;
}

export interface ValidConfig extends ScannerConfig {
  formatsToSupport: readonly ReadableFormat[];
  supportedScanTypes: readonly ScanType[];
}

export type CameraConfig = { facingMode: 'user' | 'environment' } | { deviceId: string };

// Keys that only make sense for audio tracks; a video constraint carrying them is a caller bug (docs/spec.md §5).
const AUDIO_ONLY_KEYS = [
  'autoGainControl',
  'channelCount',
  'echoCancellation',
  'latency',
  'noiseSuppression',
  'sampleRate',
  'sampleSize',
  'volume',
] as const;

/** Validates and normalises a scanner configuration to docs/spec.md §5; throws an Error naming the broken rule. */
export function validateScannerConfig(config: ScannerConfig, rootWidth: number): ValidConfig {
  const out: ValidConfig = {
    ...config,
    formatsToSupport: validateFormats(config.formatsToSupport ?? READABLE_FORMATS),
    supportedScanTypes: validateScanTypes(config.supportedScanTypes ?? ['camera', 'file']),
  };
  if (config.qrbox) out.qrbox = validateQrBox(config.qrbox, rootWidth);
  if (config.videoConstraints) validateVideoConstraints(config.videoConstraints);
  return out;
}

export function validateQrBox(box: { width?: number; height?: number }, rootWidth: number) {
  const { width, height } = box;
  if (typeof width !== 'number' || typeof height !== 'number') throw new Error('qrbox needs width and height');
  if (width < MIN_QRBOX_SIDE || height < MIN_QRBOX_SIDE) {
    throw new Error(`qrbox sides must be at least ${MIN_QRBOX_SIDE}px`);
  }
  // The box never exceeds the element it is drawn in (docs/spec.md §5: truncated to the root width).
  return { width: Math.min(width, rootWidth), height };
}

export function validateFormats(formats: readonly string[]): ReadableFormat[] {
  if (!Array.isArray(formats) || formats.length === 0) throw new Error('formatsToSupport must be a non-empty array');
  for (const f of formats) {
    if (!(READABLE_FORMATS as readonly string[]).includes(f)) throw new Error(`Unknown format: ${f}`);
  }
  return [...formats] as ReadableFormat[];
}

export function validateScanTypes(types: readonly string[]): ScanType[] {
  if (types.length === 0 || types.length > 2) throw new Error('supportedScanTypes allows one or two scan types');
  for (const t of types) if (t !== 'camera' && t !== 'file') throw new Error(`Unknown scan type: ${t}`);
  if (new Set(types).size !== types.length) throw new Error('supportedScanTypes has duplicates');
  return [...types] as ScanType[];
}

export function validateCameraConfig(config: Record<string, unknown>): CameraConfig {
  const keys = Object.keys(config);
  if (keys.length !== 1) throw new Error('Camera config needs exactly one of facingMode or deviceId');
  if (keys[0] === 'facingMode') {
    if (config.facingMode !== 'user' && config.facingMode !== 'environment') {
      throw new Error("facingMode must be 'user' or 'environment'");
    }
    return { facingMode: config.facingMode };
  }
  if (keys[0] === 'deviceId' && typeof config.deviceId === 'string' && config.deviceId) {
    return { deviceId: config.deviceId };
  }
  throw new Error('Camera config needs exactly one of facingMode or deviceId');
}

export function validateVideoConstraints(c: MediaTrackConstraints): void {
  for (const k of AUDIO_ONLY_KEYS) {
    if (k in c) throw new Error(`Video constraints must not contain the audio key ${k}`);
  }
}
