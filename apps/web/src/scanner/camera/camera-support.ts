import { SCANNER_MESSAGES } from '../core/messages';
import type { CameraEntry } from '../core/types';

/** The header message when the camera cannot work here at all, or null (docs/spec.md §8). */
export function cameraUnsupportedMessage(): string | null {
  if (typeof window !== 'undefined' && !window.isSecureContext) return SCANNER_MESSAGES.insecureContext;
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return SCANNER_MESSAGES.noStreaming;
  return null;
}

/** Detected video inputs (docs/spec.md §3 camera entry). Labels stay empty until the permission was granted once. */
export async function listCameras(): Promise<CameraEntry[]> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.enumerateDevices) return [];
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices
      .filter((d) => d.kind === 'videoinput')
      .map((d, i) => ({ id: d.deviceId, label: d.label || `Kamera ${i + 1}` }));
  } catch {
    return [];
  }
}

export const hasVideoInput = async (): Promise<boolean> => (await listCameras()).length > 0;
