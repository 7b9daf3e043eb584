import { describe, expect, it } from 'vitest';
import type { FrameRead } from '../decode/decode-frame';
import { AGREEMENT_WINDOW_MS, createFrameAgreement } from './frame-agreement';

const read = (text: string, confirmed = false, format: FrameRead['format'] = 'EAN_13'): FrameRead => ({
  text,
  format,
  labelType: 'ean13',
  bytes: new Uint8Array(),
  bytesECI: new Uint8Array(),
  confirmed,
});

describe('camera frame agreement', () => {
  it('takes a frame that is sure of its code at once', () => {
    const agreed = createFrameAgreement();
    expect(agreed(read('4006381333931', true), 0)).toBe(true);
  });

  it('takes an unconfirmed linear code when the next frame reads the same, within the window', () => {
    const agreed = createFrameAgreement();
    expect(agreed(read('4006381333931'), 0)).toBe(false);
    expect(agreed(read('4006381333931'), 100)).toBe(true);
    // Taken once: the frame after that starts a new agreement.
    expect(agreed(read('4006381333931'), 200)).toBe(false);
  });

  it('never takes a misread that the next frame does not repeat', () => {
    const agreed = createFrameAgreement();
    expect(agreed(read('1700731619937'), 0)).toBe(false);
    expect(agreed(read('9780735619937'), 100)).toBe(false);
    expect(agreed(read('9780735619937'), 200)).toBe(true);
  });

  it('lets frames too far apart not agree, and tells formats apart', () => {
    const agreed = createFrameAgreement();
    expect(agreed(read('4006381333931'), 0)).toBe(false);
    expect(agreed(read('4006381333931'), AGREEMENT_WINDOW_MS + 1)).toBe(false);
    expect(agreed(read('12345670', false, 'EAN_8'), AGREEMENT_WINDOW_MS + 50)).toBe(false);
    expect(agreed(read('12345670', false, 'CODE_128'), AGREEMENT_WINDOW_MS + 100)).toBe(false);
  });
});
