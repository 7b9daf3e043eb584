import { markScan } from '../core/scan-marks';
import type { WedgeSettings } from './wedge-defaults';
import { WedgeDetector, type WedgeScan } from './wedge-detector';

type Editable = HTMLInputElement | HTMLTextAreaElement;
const isEditable = (el: Element | null): el is Editable =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(el.type));

/** Elements inside `[data-scan-ignore]` (e.g. the password field) never count as wedge input. */
const ignored = (t: EventTarget | null) => t instanceof Element && t.closest('[data-scan-ignore]') !== null;

/** Sets a field's value the way React notices (native setter + input event). */
function setFieldValue(el: Editable, value: string, caret: number): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.setSelectionRange?.(caret, caret);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface WedgeHandle {
  detector: WedgeDetector;
  /**
   * Whether the screen shown takes a scan now. Where none does, a text field keeps every key however fast it is
   * typed (an admin's form): scan detection applies only where a scan is possible. Until the scan service sets
   * it (it loads after the page) every screen counts as one that may take scans.
   */
  scanPossible: () => boolean;
  detach: () => void;
}

/**
 * Binds the detector to the document: keydown in the capture phase, so a scan is seen anywhere in the app,
 * also with a focused text field, and its keys never land in that field.
 */
export function attachWedgeListener(
  settings: WedgeSettings,
  onScan: (scan: WedgeScan) => void,
  target: Document = document,
): WedgeHandle {
  let snapshot: { el: Editable; value: string; start: number } | null = null;
  const detector = new WedgeDetector(settings, {
    onScan,
    onRevert: () => {
      if (snapshot && snapshot.el.value !== snapshot.value) setFieldValue(snapshot.el, snapshot.value, snapshot.start);
    },
    onReinsert: (text) => {
      const el = snapshot?.el;
      if (!el?.isConnected) return;
      const at = el.selectionStart ?? el.value.length;
      setFieldValue(el, el.value.slice(0, at) + text + el.value.slice(el.selectionEnd ?? at), at + text.length);
    },
  });
  const typing = () => !detector.inBurst && isEditable(target.activeElement) && !handle.scanPossible();
  const onKey = (e: KeyboardEvent) => {
    if (e.isComposing || ignored(e.target) || typing()) return;
    const t = e.timeStamp || performance.now();
    if (!detector.continuesAt(t)) {
      const el = target.activeElement;
      snapshot = isEditable(el) ? { el, value: el.value, start: el.selectionStart ?? el.value.length } : null;
    }
    if (e.key === 'Enter') markScan('enter');
    const swallow = detector.feed({
      key: e.key,
      t,
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
    });
    if (swallow) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  const onPaste = (e: ClipboardEvent) => {
    if (!detector.active || ignored(e.target) || typing()) return;
    const text = e.clipboardData?.getData('text') ?? '';
    if (!text) return;
    e.preventDefault();
    detector.paste(text, e.timeStamp || performance.now());
  };
  const handle: WedgeHandle = {
    detector,
    scanPossible: () => true,
    detach: () => {
      target.removeEventListener('keydown', onKey, true);
      target.removeEventListener('paste', onPaste, true);
      detector.reset();
    },
  };
  target.addEventListener('keydown', onKey, true);
  target.addEventListener('paste', onPaste, true);
  return handle;
}
