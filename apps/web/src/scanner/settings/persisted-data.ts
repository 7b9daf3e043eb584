// docs/spec.md §3 "Persisted scanner data": hasPermission and lastUsedCameraId live in local storage so the next
// scan opens the same camera without asking again (docs/spec.md §6: camera permission is remembered).
export const SCANNER_DATA_KEY = 'html5ScannerData';

export interface PersistedScannerData {
  hasPermission: boolean;
  lastUsedCameraId: string | null;
}

const EMPTY: PersistedScannerData = { hasPermission: false, lastUsedCameraId: null };

export function readScannerData(): PersistedScannerData {
  try {
    const raw = JSON.parse(localStorage.getItem(SCANNER_DATA_KEY) ?? 'null') as Partial<PersistedScannerData> | null;
    return {
      hasPermission: raw?.hasPermission === true,
      lastUsedCameraId: typeof raw?.lastUsedCameraId === 'string' ? raw.lastUsedCameraId : null,
    };
  } catch {
    return { ...EMPTY };
  }
}

export function writeScannerData(patch: Partial<PersistedScannerData>): void {
  try {
    localStorage.setItem(SCANNER_DATA_KEY, JSON.stringify({ ...readScannerData(), ...patch }));
  } catch {
    // Private mode or full storage: the scanner works, it only asks again next time.
  }
}
