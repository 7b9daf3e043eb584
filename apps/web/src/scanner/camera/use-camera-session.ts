import { type RefObject, useEffect, useRef, useState } from 'react';
import { SCANNER_MESSAGES } from '../core/messages';
import { ScannerState, ScannerStateMachine } from '../core/scanner-state';
import { warmUpDecoder } from '../decode/decoder-client';
import { deliverDecode, failPending } from '../service/scan-service';
import { RESUME_DELAY_MS } from '../settings/constants';
import { readScannerData } from '../settings/persisted-data';
import { loadScannerSettings } from '../settings/settings-store';
import { type CameraCapabilities, capabilitiesOf, openCamera, setTorch, setZoom, stopStream } from './camera-stream';
import { cameraUnsupportedMessage } from './camera-support';
import { runFrameLoop } from './frame-loop';

export interface CameraSession {
  starting: boolean;
  message: string | null;
  caps: CameraCapabilities;
  torchOn: boolean;
  toggleTorch: () => void;
  zoom: number;
  changeZoom: (z: number) => void;
  qrBox: { width: number; height: number };
}

/** Runs the camera while the overlay is open: start, pause on hidden page, resume after 200 ms, stop (docs/spec.md §4). */
export function useCameraSession(videoRef: RefObject<HTMLVideoElement | null>, open: boolean): CameraSession {
  const [starting, setStarting] = useState(true);
  const [message, setMessage] = useState<string | null>(null);
  const [caps, setCaps] = useState<CameraCapabilities>({ torch: false, zoom: null });
  const [torchOn, setTorchOn] = useState(false);
  const [zoom, setZoomState] = useState(1);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  // Settings are read once per opening on purpose: a change applies to the next scan.
  const [settings] = useState(loadScannerSettings);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const machine = new ScannerStateMachine();
    let stream: MediaStream | null = null;
    setStarting(true);
    warmUpDecoder();
    // Any camera error hides the overlay and rejects the pending scan with its message (docs/spec.md §8).
    const fail = (e: unknown) => failPending(null, e);
    const unsupported = cameraUnsupportedMessage();
    if (unsupported) {
      setMessage(unsupported);
      setStarting(false);
      return;
    }
    if (!readScannerData().hasPermission) setMessage(SCANNER_MESSAGES.requestingPermission);
    void (async () => {
      try {
        stream = await openCamera(settings, readScannerData().lastUsedCameraId);
        if (ctrl.signal.aborted) return stopStream(stream);
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        trackRef.current = stream.getVideoTracks()[0] ?? null;
        setCaps(capabilitiesOf(trackRef.current ?? undefined));
        machine.apply('start');
        setStarting(false);
        setMessage(null);
        await runFrameLoop(video, {
          fps: settings.fps,
          qrBox: settings.qrBox,
          signal: ctrl.signal,
          isPaused: () => machine.state === ScannerState.PAUSED,
          onResult: (r) => deliverDecode(r, 'camera'),
        });
      } catch (e) {
        setStarting(false);
        fail(e instanceof DOMException && e.name === 'NotFoundError' ? new Error(SCANNER_MESSAGES.noCamera) : e);
      }
    })();
    const onVisibility = () => {
      if (document.hidden && machine.state === ScannerState.SCANNING) {
        machine.apply('pause');
        setMessage(SCANNER_MESSAGES.paused);
      } else if (!document.hidden && machine.state === ScannerState.PAUSED) {
        setTimeout(() => {
          if (machine.state !== ScannerState.PAUSED) return;
          machine.apply('resume');
          setMessage(null);
        }, RESUME_DELAY_MS);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ctrl.abort();
      document.removeEventListener('visibilitychange', onVisibility);
      if (machine.state !== ScannerState.NOT_STARTED) machine.apply('stop');
      stopStream(stream);
      trackRef.current = null;
      setTorchOn(false);
    };
  }, [open, videoRef, settings]);

  return {
    starting,
    message,
    caps,
    torchOn,
    toggleTorch: () => {
      const track = trackRef.current;
      if (!track) return;
      void setTorch(track, !torchOn).then((err) => (err ? setMessage(err) : setTorchOn(!torchOn)));
    },
    zoom,
    changeZoom: (z) => {
      setZoomState(z);
      if (trackRef.current) void setZoom(trackRef.current, z);
    },
    qrBox: settings.qrBox,
  };
}
