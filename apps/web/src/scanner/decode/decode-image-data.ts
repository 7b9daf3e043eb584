import { type LabelType, labelTypeForFormat, READABLE_FORMATS, type ReadableFormat } from '@mde/contracts';
import { type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import { acceptsItfLength, addOnOf, keepsAddOn, withoutAddOn } from './decode-rules';
import { cropPixels, type Pixels, type Rect } from './image-ops';
import { fromZxingFormat, toZxingFormats } from './zxing-formats';

export interface DecodeOptions {
  formats?: readonly ReadableFormat[];
  /** Decode only this part of the frame (the scan area), in frame pixels. */
  crop?: Rect | null;
  /** Other reader settings than the app's (the decode benches compare settings with it). */
  reader?: Partial<ReaderOptions>;
}

export interface DecodeResult {
  text: string;
  format: ReadableFormat;
  labelType: LabelType;
  bytes: Uint8Array;
  /** Raw bytes with ECI markers, for comparing binary payloads. */
  bytesECI: Uint8Array;
}

/**
 * Reader options (docs/spec.md §5 decoding rules): checksums always validated by ZXing-C++, invalid results never
 * returned, Code 39 check digit optional (validateOptionalChecksum off), add-ons read so the Bookland rule can
 * keep them, plain text (raw GS separators instead of "(01)…" HRI).
 */
export const READER_OPTIONS: ReaderOptions = {
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  returnErrors: false,
  validateOptionalChecksum: false,
  textMode: 'Plain',
  eanAddOnSymbol: 'Read',
  maxNumberOfSymbols: 1,
};

/** The app's one decoding pipeline: worker, file scan and decode bench all call this. */
export async function decodeImageData(img: Pixels, options: DecodeOptions = {}): Promise<DecodeResult | null> {
  const pixels = options.crop ? cropPixels(img, options.crop) : img;
  if (pixels.width === 0 || pixels.height === 0) return null;
  const formats = toZxingFormats(options.formats ?? READABLE_FORMATS);
  const results = await readBarcodes({ ...pixels, colorSpace: 'srgb' } as ImageData, {
    ...READER_OPTIONS,
    ...options.reader,
    formats,
  });
  for (const r of results) {
    const accepted = accept(r.format, r.text || latin1(r.bytes), r.extra, r.isValid);
    if (accepted) return { ...accepted, bytes: r.bytes, bytesECI: r.bytesECI };
  }
  return null;
}

function accept(zxFormat: string, text: string, extra: string, isValid: boolean) {
  if (!isValid || !text) return null;
  const format = fromZxingFormat(zxFormat);
  const labelType = format && labelTypeForFormat(format);
  if (!format || !labelType) return null;
  if (format === 'ITF' && !acceptsItfLength(text.length)) return null;
  const addOn = addOnOf(extra);
  const finalText = addOn && !keepsAddOn(format, text) ? withoutAddOn(text, addOn) : text;
  return { text: finalText, format, labelType };
}

/**
 * Symbols mixing several ECI character sets have no single plain text; their bytes are passed on as Latin-1
 * so no byte is lost (a module can re-read them with the right charset).
 */
function latin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}
