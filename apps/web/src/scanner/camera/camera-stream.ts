import { SCANNER_MESSAGES } from '../core/messages';
import { DEFAULT_FACING_MODE } from '../settings/constants';
import { writeScannerData } from '../settings/persisted-data';
import type { ScannerSettings } from '../settings/scanner-settings';
import { validateCameraConfig, validateVideoConstraints } from '../settings/validate-config';

export interface CameraCapabilities {
  torch: boolean;
  zoom: { min: number; max: number } | null;
}

type TrackCaps = MediaTrackCapabilities & { torch?: boolean; zoom?: { min: number; max: number } };

/** Opens the chosen camera (or the rear one) and remembers permission and device (docs/spec.md §3 persisted data). */
export async function openCamera(settings: ScannerSettings, lastUsedCameraId: string | null): Promise<MediaStream> {
  const id = settings.cameraId ?? lastUsedCameraId;
  const camera = validateCameraConfig(id ? { deviceId: id } : { facingMode: DEFAULT_FACING_MODE });
  const video: MediaTrackConstraints = {
    ...('deviceId' in camera ? { deviceId: { exact: camera.deviceId } } : { facingMode: camera.facingMode }),
    aspectRatio: { ideal: settings.aspectRatio },
    frameRate: { ideal: Math.min(settings.fps, 30) },
  };
  validateVideoConstraints(video);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (e) {
    // A remembered camera that is gone (other device, unplugged) must not block scanning.
    if (!(e instanceof DOMException && e.name === 'OverconstrainedError') || !id) throw e;
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: DEFAULT_FACING_MODE }, audio: false });
  }
  const track = stream.getVideoTracks()[0];
  writeScannerData({ hasPermission: true, lastUsedCameraId: track?.getSettings().deviceId ?? null });
  await applyStartConstraints(track, settings);
  return stream;
}

async function applyStartConstraints(track: MediaStreamTrack | undefined, settings: ScannerSettings): Promise<void> {
  if (!track?.getCapabilities) return;
  const caps = track.getCapabilities() as TrackCaps & { focusMode?: string[] };
  const advanced: Record<string, unknown>[] = [];
  if (settings.focusMode && caps.focusMode?.includes(settings.focusMode))
    advanced.push({ focusMode: settings.focusMode });
  const zoom = settings.advanced?.[0]?.zoom;
  if (zoom && caps.zoom) advanced.push({ zoom: Math.min(Math.max(zoom, caps.zoom.min), caps.zoom.max) });
  if (advanced.length) await track.applyConstraints({ advanced } as MediaTrackConstraints).catch(() => undefined);
}

export function capabilitiesOf(track: MediaStreamTrack | undefined): CameraCapabilities {
  const caps = (track?.getCapabilities?.() ?? {}) as TrackCaps;
  return { torch: caps.torch === true, zoom: caps.zoom ? { min: caps.zoom.min, max: caps.zoom.max } : null };
}

/** Torch on/off; failure gives the spec's header message (docs/spec.md §8) instead of throwing. */
export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<string | null> {
  try {
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    return null;
  } catch {
    return on ? SCANNER_MESSAGES.torchOnFailed : SCANNER_MESSAGES.torchOffFailed;
  }
}

export async function setZoom(track: MediaStreamTrack, zoom: number): Promise<void> {
  await track.applyConstraints({ advanced: [{ zoom } as MediaTrackConstraintSet] }).catch(() => undefined);
}

export function stopStream(stream: MediaStream | null): void {
  for (const t of stream?.getTracks() ?? []) t.stop();
}
