import type { ReadableFormat } from '@mde/contracts';
import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';

// docs/spec.md §3 readable formats (ZXing names) → ZXing-C++ reader formats. UPC_EAN_EXTENSION is no symbol of its
// own: it is read as the add-on of an EAN/UPC code (eanAddOnSymbol), see decode-rules.
// Code 39 includes its pharmacy variants: PZN (German Pharmazentralnummer) and Code 32 (Italian), which
// ZXing-C++ reports as formats of their own.
const TO_ZXING: Record<ReadableFormat, readonly ReadInputBarcodeFormat[]> = {
  QR_CODE: ['QRCode'],
  AZTEC: ['Aztec'],
  CODABAR: ['Codabar'],
  CODE_39: ['Code39', 'PZN', 'Code32'],
  CODE_93: ['Code93'],
  CODE_128: ['Code128'],
  DATA_MATRIX: ['DataMatrix'],
  MAXICODE: ['MaxiCode'],
  ITF: ['ITF'],
  EAN_13: ['EAN13'],
  EAN_8: ['EAN8'],
  PDF_417: ['PDF417'],
  RSS_14: ['DataBar'],
  RSS_EXPANDED: ['DataBarExp'],
  UPC_A: ['UPCA'],
  UPC_E: ['UPCE'],
  UPC_EAN_EXTENSION: [],
};

export function toZxingFormats(formats: readonly ReadableFormat[]): ReadInputBarcodeFormat[] {
  const out = new Set<ReadInputBarcodeFormat>();
  for (const f of formats) {
    for (const z of TO_ZXING[f]) out.add(z);
  }
  return [...out];
}

// ZXing-C++ output format → spec format. Variants (Model 2 QR, ITF-14, stacked DataBar…) map to their family;
// anything missing here has no label type (docs/spec.md §3).
const FROM_ZXING: Record<string, ReadableFormat> = {
  QRCode: 'QR_CODE',
  QRCodeModel1: 'QR_CODE',
  QRCodeModel2: 'QR_CODE',
  Aztec: 'AZTEC',
  AztecCode: 'AZTEC',
  Codabar: 'CODABAR',
  Code39: 'CODE_39',
  Code39Std: 'CODE_39',
  Code39Ext: 'CODE_39',
  Code32: 'CODE_39',
  PZN: 'CODE_39',
  Code93: 'CODE_93',
  Code128: 'CODE_128',
  DataMatrix: 'DATA_MATRIX',
  MaxiCode: 'MAXICODE',
  ITF: 'ITF',
  ITF14: 'ITF',
  EAN13: 'EAN_13',
  ISBN: 'EAN_13',
  EAN8: 'EAN_8',
  PDF417: 'PDF_417',
  CompactPDF417: 'PDF_417',
  DataBar: 'RSS_14',
  DataBarOmni: 'RSS_14',
  DataBarStk: 'RSS_14',
  DataBarStkOmni: 'RSS_14',
  DataBarExp: 'RSS_EXPANDED',
  DataBarExpStk: 'RSS_EXPANDED',
  UPCA: 'UPC_A',
  UPCE: 'UPC_E',
  EAN2: 'UPC_EAN_EXTENSION',
  EAN5: 'UPC_EAN_EXTENSION',
};

export const fromZxingFormat = (format: string): ReadableFormat | undefined => FROM_ZXING[format];
