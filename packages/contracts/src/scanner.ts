import { z } from './zod';

// docs/spec.md §3 "Scan result": the label types a scan may carry, in the spec's order.
export const LABEL_TYPES = [
  'aztec',
  'codabar',
  'code39',
  'code93',
  'code128',
  'datamatrix',
  'ean8',
  'ean13',
  'ean128',
  'itf',
  'pdf417',
  'qrcode',
  'upc_a',
  'upc_e',
  'upc_e0',
  'upc_e1',
  'msi',
  'maxicode',
  'rss14',
  'rss_expanded',
  'micropdf',
] as const;
export const labelTypeSchema = z.enum(LABEL_TYPES);
export type LabelType = z.infer<typeof labelTypeSchema>;

// docs/spec.md §3 "Readable formats" (ZXing names). The camera and file scanner enable exactly these.
export const READABLE_FORMATS = [
  'QR_CODE',
  'AZTEC',
  'CODABAR',
  'CODE_39',
  'CODE_93',
  'CODE_128',
  'DATA_MATRIX',
  'MAXICODE',
  'ITF',
  'EAN_13',
  'EAN_8',
  'PDF_417',
  'RSS_14',
  'RSS_EXPANDED',
  'UPC_A',
  'UPC_E',
  'UPC_EAN_EXTENSION',
] as const;
export const readableFormatSchema = z.enum(READABLE_FORMATS);
export type ReadableFormat = z.infer<typeof readableFormatSchema>;

// ZXing format → label type (docs/spec.md §3). Formats not listed here map to no label type.
export const FORMAT_LABEL_TYPES: Readonly<Record<ReadableFormat, LabelType>> = {
  QR_CODE: 'qrcode',
  AZTEC: 'aztec',
  CODABAR: 'codabar',
  CODE_39: 'code39',
  CODE_93: 'code93',
  CODE_128: 'code128',
  DATA_MATRIX: 'datamatrix',
  MAXICODE: 'maxicode',
  ITF: 'itf',
  EAN_13: 'ean13',
  EAN_8: 'ean8',
  PDF_417: 'pdf417',
  RSS_14: 'rss14',
  RSS_EXPANDED: 'rss_expanded',
  UPC_A: 'upc_a',
  UPC_E: 'upc_e',
  UPC_EAN_EXTENSION: 'upc_e0',
};

/** Label type of a ZXing format name, or undefined when the spec maps none (docs/spec.md §3). */
export function labelTypeForFormat(format: string): LabelType | undefined {
  return (FORMAT_LABEL_TYPES as Record<string, LabelType>)[format];
}

/**
 * Label type from a handheld source text such as DataWedge's `LABEL-TYPE-EAN13`: a known label type when the
 * text names one, otherwise the source's own text (docs/spec.md §3: "no label type, or the source-type text").
 */
export function labelTypeFromSourceText(text: string | undefined): LabelType | string | undefined {
  if (!text) return undefined;
  const name = text.replace(/^LABEL-TYPE-/i, '').toLowerCase();
  return labelTypeSchema.safeParse(name).success ? (name as LabelType) : text;
}

export const SCAN_SOURCES = ['camera', 'file', 'wedge', 'datawedge'] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

// docs/spec.md §3: data (decoded text), labelType, timestamp (now). labelType may be a source's own text.
export const scanResultSchema = z.object({
  data: z.string(),
  labelType: z.string().optional(),
  timestamp: z.number().int().nonnegative(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;
