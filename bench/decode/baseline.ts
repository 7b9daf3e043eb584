import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  type Result,
  RGBLuminanceSource,
} from '@zxing/library';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';

const reader = new MultiFormatReader();
reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]));

/** Baseline: @zxing/library's MultiFormatReader with TRY_HARDER on the same pixels. */
export function baselineDecode(img: Pixels): { text: string; bytes?: Uint8Array } | null {
  const lum = new Uint8ClampedArray(img.width * img.height);
  for (let i = 0, p = 0; i < lum.length; i++, p += 4) {
    lum[i] = (306 * (img.data[p] ?? 0) + 601 * (img.data[p + 1] ?? 0) + 117 * (img.data[p + 2] ?? 0)) >> 10;
  }
  try {
    const source = new RGBLuminanceSource(lum, img.width, img.height);
    const r: Result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)));
    const raw = r.getRawBytes();
    return { text: r.getText(), ...(raw ? { bytes: new Uint8Array(raw) } : {}) };
  } catch {
    return null;
  } finally {
    reader.reset();
  }
}
