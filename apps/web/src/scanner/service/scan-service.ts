import { labelTypeForFormat, labelTypeFromSourceText, type ScanResult, type ScanSource } from '@mde/contracts';
import { notePersonActivity } from '../../lib/person-activity';
import { hasVideoInput } from '../camera/camera-support';
import { ScanArbiter, type ScanConsumer, type SourcedScan } from '../core/arbiter';
import { markScannerNeeded } from '../core/host-needed';
import { SCANNER_ERRORS, ScanError } from '../core/messages';
import { onScreenShown } from '../core/screen-shown';
import { closeScannerUi, getUiState, openCameraView, setUiState } from '../core/ui-store';
import type { DecodeResult } from '../decode/decode-image-data';
import { decodeFeedback, feedback } from '../feedback/feedback';
import { decodeFile } from '../file/file-scan';
import { loadScannerSettings } from '../settings/settings-store';
import { type ResolvedSource, resolveSource } from '../settings/source-resolution';
import { createDeduper } from './deduper';

type Listener = (scan: SourcedScan) => void;
const droppedListeners = new Set<Listener>();

/**
 * The one arbiter of the app (docs/spec.md §4 single-scan arbitration). A scan no screen took is an error the user hears
 * and feels (and reads, see ScannerHost): it must not vanish in silence nor turn up later somewhere else.
 */
export const arbiter = new ScanArbiter({
  onDropped: (scan) => {
    feedback.error();
    for (const l of droppedListeners) l(scan);
  },
});

// Every screen change is noted while the scan waits, so a scan is handed only to the screen it was made on or
// the one that screen opened (history.pushState has no event of its own; the Navigation API reports it).
const navigationApi = (globalThis as { navigation?: EventTarget }).navigation;
navigationApi?.addEventListener('currententrychange', () => arbiter.noteRoute());
globalThis.addEventListener?.('popstate', () => arbiter.noteRoute());
// A waiting scan is given up only once the screen of its URL has been drawn, however slow the device.
onScreenShown((path) => arbiter.screenShown(path));

let handheldActive = true;
const handheldDedupe = createDeduper(100);

/** One scan API for the whole app: resolves with the first scan of any source. */
export async function scan(): Promise<ScanResult> {
  // The overlay or the dialog that answers this scan lives in the scanner host: it must not wait for idle.
  markScannerNeeded();
  const req = arbiter.request();
  req.signal.addEventListener('abort', closeScannerUi, { once: true });
  startSource(req.signal).catch((e: unknown) => failPending(req.signal, e));
  const s = await req.promise;
  return { data: s.data, labelType: s.labelType, timestamp: s.timestamp };
}

/** An action (error, navigation) cancels the pending scan: 'Cancelled by action' (docs/spec.md §8). */
export function cancelScan(reason: string = SCANNER_ERRORS.cancelledByAction): void {
  arbiter.cancel(reason);
}

/** Overlay close, backdrop click or a dismissed dialog: 'Scan cancelled' (docs/spec.md §4, §8). */
export function cancelFromUi(): void {
  if (arbiter.isPending) arbiter.cancel(SCANNER_ERRORS.cancelled);
  else closeScannerUi();
}

export function failPending(signal: AbortSignal | null, e: unknown): void {
  if (signal?.aborted || !arbiter.isPending) return;
  arbiter.cancel(e instanceof Error ? e.message : SCANNER_ERRORS.cancelled);
}

let pendingSignal: AbortSignal | null = null;

async function startSource(signal: AbortSignal): Promise<void> {
  pendingSignal = signal;
  const settings = loadScannerSettings();
  const cameraExists = await hasVideoInput();
  setUiState({ canSwap: cameraExists });
  const source = await resolveSource(
    settings.source,
    async () => cameraExists,
    () => askSource(),
  );
  if (signal.aborted) return;
  if (!source) throw new ScanError(SCANNER_ERRORS.cancelled);
  if (source === 'camera') {
    // The camera view runs the camera and delivers through deliverDecode; its errors come back via failPending.
    openCameraView();
    return;
  }
  await scanFile(signal);
}

async function scanFile(signal: AbortSignal): Promise<void> {
  const file = await pickFile();
  if (signal.aborted) return;
  if (file === 'camera') {
    openCameraView();
    return;
  }
  if (!file) throw new ScanError(SCANNER_ERRORS.cancelled);
  const result = await decodeFile(file);
  if (signal.aborted) return;
  // docs/spec.md §4 file scan: an empty or null result counts as cancelled.
  if (!result) throw new ScanError(SCANNER_ERRORS.cancelled);
  deliverDecode(result, 'file');
}

/**
 * docs/spec.md §4: camera and file swap by a link when both are allowed. From the camera view the same pending scan goes
 * on with the file dialog; the file dialog answers 'camera' for the other way round.
 */
export function swapToFile(): void {
  const signal = pendingSignal;
  if (!signal || signal.aborted || !getUiState().canSwap) return;
  setUiState({ overlayOpen: false, embeddedOpen: false });
  scanFile(signal).catch((e: unknown) => failPending(signal, e));
}

const askSource = () =>
  new Promise<ResolvedSource | null>((resolve) => setUiState({ sourceDialog: (c) => resolve(c) }));
const pickFile = () => new Promise<File | null | 'camera'>((resolve) => setUiState({ fileDialog: (f) => resolve(f) }));

/** Camera and file decodes: beep + vibration (docs/spec.md §4); a format without label type rejects (§5). */
export function deliverDecode(result: DecodeResult, source: 'camera' | 'file'): void {
  // A scan is the person at work, also one no key or tap brought (a camera pointed at code after code).
  notePersonActivity();
  decodeFeedback();
  const labelType = labelTypeForFormat(result.format);
  if (!labelType) {
    if (arbiter.isPending) arbiter.cancel(SCANNER_ERRORS.unknownLabelType);
    return;
  }
  arbiter.deliver({ data: result.text, labelType, timestamp: Date.now(), source });
}

/** Keyboard wedge and DataWedge: ignored while the integration is inactive (docs/spec.md §4). */
export function deliverHandheld(data: string, source: Extract<ScanSource, 'wedge' | 'datawedge'>, type?: string): void {
  if (!handheldActive || !handheldDedupe(data)) return;
  // DataWedge hands its scans over as intents, without a key event the idle watch would hear.
  notePersonActivity();
  const scanResult: SourcedScan = { data, timestamp: Date.now(), source };
  const labelType = labelTypeFromSourceText(type);
  if (labelType) scanResult.labelType = labelType;
  arbiter.deliver(scanResult);
}

export function setHandheldActive(active: boolean): void {
  handheldActive = active;
}

export const readScanBuffer = () => arbiter.readBuffer();
export const subscribeScans = (l: Listener) => arbiter.subscribeScans(l);

/** A scan a leaving screen had taken goes on to the screen shown now (see ScanArbiter.handOver). */
export const handOverScan = (scan: SourcedScan) => arbiter.handOver(scan);

/** The screen shown now takes scans (see useScanConsumer); returns the unregister function. */
export const registerScanConsumer = (take: ScanConsumer, route?: string) => arbiter.register(take, route);

/** Scans no screen took ('Scan hier nicht möglich'). */
export function subscribeDroppedScans(l: Listener): () => void {
  droppedListeners.add(l);
  return () => droppedListeners.delete(l);
}
