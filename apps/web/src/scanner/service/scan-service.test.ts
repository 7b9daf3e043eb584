// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../file/file-scan', () => ({ decodeFile: vi.fn() }));
vi.mock('../camera/camera-support', () => ({ hasVideoInput: vi.fn(async () => false) }));
vi.mock('../feedback/feedback', () => ({ decodeFeedback: vi.fn(), feedback: { error: vi.fn() } }));

import { lastPersonActivity, notePersonActivity } from '../../lib/person-activity';
import { hasVideoInput } from '../camera/camera-support';
import { SCAN_HANDOVER_MS } from '../core/arbiter';
import { getUiState, mountEmbeddedView } from '../core/ui-store';
import { feedback } from '../feedback/feedback';
import { decodeFile } from '../file/file-scan';
import { DEFAULT_SCANNER_SETTINGS } from '../settings/scanner-settings';
import { saveScannerSettings } from '../settings/settings-store';
import {
  cancelFromUi,
  cancelScan,
  deliverDecode,
  deliverHandheld,
  readScanBuffer,
  registerScanConsumer,
  scan,
  setHandheldActive,
  subscribeDroppedScans,
  swapToFile,
} from './scan-service';

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  localStorage.clear();
  setHandheldActive(true);
  readScanBuffer();
});

describe('scan()', () => {
  it('resolves with a handheld scan and maps the DataWedge label type', async () => {
    const p = scan();
    deliverHandheld('4006381333931', 'datawedge', 'LABEL-TYPE-EAN13');
    await expect(p).resolves.toMatchObject({ data: '4006381333931', labelType: 'ean13' });
  });

  it('keeps an unknown DataWedge label type as the source text', async () => {
    const p = scan();
    deliverHandheld('X1', 'datawedge', 'LABEL-TYPE-TLC39');
    await expect(p).resolves.toMatchObject({ labelType: 'LABEL-TYPE-TLC39' });
  });

  it('without camera the unset source is the file dialog; dismissing it is "Scan cancelled"', async () => {
    const p = scan();
    await tick();
    expect(getUiState().fileDialog).not.toBeNull();
    getUiState().fileDialog?.(null);
    await expect(p).rejects.toThrow('Scan cancelled');
    expect(getUiState().fileDialog).toBeNull();
  });

  it('a file without code is "Scan cancelled"; a decoded file resolves', async () => {
    vi.mocked(decodeFile).mockResolvedValueOnce(null);
    const p = scan();
    await tick();
    getUiState().fileDialog?.(new File(['x'], 'a.png'));
    await expect(p).rejects.toThrow('Scan cancelled');
    vi.mocked(decodeFile).mockResolvedValueOnce({
      text: 'ABC',
      format: 'QR_CODE',
      labelType: 'qrcode',
      bytes: new Uint8Array(),
      bytesECI: new Uint8Array(),
    });
    const q = scan();
    await tick();
    getUiState().fileDialog?.(new File(['x'], 'a.png'));
    await expect(q).resolves.toMatchObject({ data: 'ABC', labelType: 'qrcode' });
  });

  it('prompt source: dismissed source dialog cancels', async () => {
    saveScannerSettings({ ...DEFAULT_SCANNER_SETTINGS, source: 'prompt' });
    const p = scan();
    await tick();
    getUiState().sourceDialog?.(null);
    await expect(p).rejects.toThrow('Scan cancelled');
  });

  it('camera source opens the overlay; backdrop cancel closes it', async () => {
    saveScannerSettings({ ...DEFAULT_SCANNER_SETTINGS, source: 'camera' });
    const p = scan();
    await tick();
    expect(getUiState().overlayOpen).toBe(true);
    cancelFromUi();
    await expect(p).rejects.toThrow('Scan cancelled');
    expect(getUiState().overlayOpen).toBe(false);
  });

  it('camera and file swap by a link when a camera exists, in the same pending scan (§4)', async () => {
    vi.mocked(hasVideoInput).mockResolvedValue(true);
    saveScannerSettings({ ...DEFAULT_SCANNER_SETTINGS, source: 'camera' });
    const p = scan();
    await tick();
    expect(getUiState()).toMatchObject({ overlayOpen: true, canSwap: true });
    swapToFile();
    expect(getUiState().overlayOpen).toBe(false);
    await tick();
    expect(getUiState().fileDialog).not.toBeNull();
    getUiState().fileDialog?.('camera');
    await tick();
    expect(getUiState().overlayOpen).toBe(true);
    cancelFromUi();
    await expect(p).rejects.toThrow('Scan cancelled');
    vi.mocked(hasVideoInput).mockResolvedValue(false);
  });

  it('no swap without a camera; an embedded view takes the camera instead of the overlay', async () => {
    saveScannerSettings({ ...DEFAULT_SCANNER_SETTINGS, source: 'camera' });
    const unmount = mountEmbeddedView();
    const p = scan();
    await tick();
    expect(getUiState()).toMatchObject({ overlayOpen: false, embeddedOpen: true, canSwap: false });
    swapToFile();
    expect(getUiState().fileDialog).toBeNull();
    cancelFromUi();
    await expect(p).rejects.toThrow('Scan cancelled');
    expect(getUiState().embeddedOpen).toBe(false);
    unmount();
    expect(getUiState().embeddedSlots).toBe(0);
  });

  it('a decode with an unknown format rejects with "Unknown LabelType"', async () => {
    saveScannerSettings({ ...DEFAULT_SCANNER_SETTINGS, source: 'camera' });
    const p = scan();
    await tick();
    deliverDecode(
      { text: 'x', format: 'NOPE' as never, labelType: 'qrcode', bytes: new Uint8Array(), bytesECI: new Uint8Array() },
      'camera',
    );
    await expect(p).rejects.toThrow('Unknown LabelType');
    expect(getUiState().overlayOpen).toBe(false);
  });

  it('cancelScan rejects with "Cancelled by action" and errors when nothing runs', async () => {
    const p = scan();
    cancelScan();
    await expect(p).rejects.toThrow('Cancelled by action');
    expect(() => cancelScan()).toThrow('Unable to cancel: no scan running');
  });

  it('buffers scans without request and ignores handheld scans while inactive', () => {
    deliverHandheld('A', 'wedge');
    setHandheldActive(false);
    deliverHandheld('B', 'wedge');
    expect(readScanBuffer().map((s) => s.data)).toEqual(['A']);
  });
});

describe('a scan is the person at work (idle limit)', () => {
  it('counts a DataWedge scan and a camera decode as activity, though no key or tap brought them', () => {
    notePersonActivity(0);
    deliverHandheld('4000000000017', 'datawedge', 'LABEL-TYPE-EAN13');
    expect(lastPersonActivity()).toBeGreaterThan(0);
    notePersonActivity(0);
    deliverDecode(
      {
        text: '4006381333931',
        format: 'EAN_13',
        labelType: 'ean13',
        bytes: new Uint8Array(),
        bytesECI: new Uint8Array(),
      },
      'camera',
    );
    expect(lastPersonActivity()).toBeGreaterThan(0);
    readScanBuffer();
  });
});

describe('handheld scans without a pending request', () => {
  afterEach(() => vi.useRealTimers());

  it('go to the screen registered as consumer, not to the buffer', () => {
    const taken: string[] = [];
    const off = registerScanConsumer((s) => taken.push(s.data) > 0);
    deliverHandheld('4006381333931', 'wedge');
    off();
    expect(taken).toEqual(['4006381333931']);
    expect(readScanBuffer()).toEqual([]);
  });

  it('with no screen taking them: error feedback and the message after the window, no replay later', () => {
    vi.useFakeTimers();
    vi.mocked(feedback.error).mockClear();
    const dropped: string[] = [];
    const offDropped = subscribeDroppedScans((s) => dropped.push(s.data));
    deliverHandheld('5000000000001', 'wedge');
    vi.advanceTimersByTime(SCAN_HANDOVER_MS + 1);
    offDropped();
    expect(dropped).toEqual(['5000000000001']);
    expect(feedback.error).toHaveBeenCalledTimes(1);
    const taken: string[] = [];
    registerScanConsumer((s) => taken.push(s.data) > 0)();
    expect(taken).toEqual([]);
  });
});

describe('the scanner host', () => {
  it('is asked for at once by a requested scan, so its overlay does not wait for the start’s background jobs', async () => {
    vi.resetModules();
    const needed = await import('../core/host-needed');
    const service = await import('./scan-service');
    const heard = vi.fn();
    window.addEventListener(needed.SCANNER_NEEDED_EVENT, heard);
    expect(needed.isScannerNeeded()).toBe(false);
    const p = service.scan();
    expect(needed.isScannerNeeded()).toBe(true);
    expect(heard).toHaveBeenCalledOnce();
    service.cancelScan();
    await expect(p).rejects.toThrow();
    window.removeEventListener(needed.SCANNER_NEEDED_EVENT, heard);
  });
});
