import { useEffect, useState } from 'react';
import { listCameras } from '../camera/camera-support';
import type { CameraEntry } from '../core/types';

export function useCameras(): CameraEntry[] | null {
  const [cameras, setCameras] = useState<CameraEntry[] | null>(null);
  useEffect(() => {
    void listCameras().then(setCameras);
  }, []);
  return cameras;
}
