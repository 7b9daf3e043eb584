import { FORMAT_LABEL_TYPES, labelTypeForFormat, labelTypeFromSourceText, READABLE_FORMATS } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { fromZxingFormat, toZxingFormats } from './zxing-formats';

describe('label type mapping (spec §3)', () => {
  it('maps every readable format', () => {
    expect(Object.keys(FORMAT_LABEL_TYPES).sort()).toEqual([...READABLE_FORMATS].sort());
    expect(labelTypeForFormat('EAN_13')).toBe('ean13');
    expect(labelTypeForFormat('UPC_EAN_EXTENSION')).toBe('upc_e0');
    expect(labelTypeForFormat('RSS_EXPANDED')).toBe('rss_expanded');
    expect(labelTypeForFormat('MICRO_QR')).toBeUndefined();
  });

  it('maps handheld source texts, keeping unknown ones as text', () => {
    expect(labelTypeFromSourceText('LABEL-TYPE-EAN128')).toBe('ean128');
    expect(labelTypeFromSourceText('LABEL-TYPE-I2OF5')).toBe('LABEL-TYPE-I2OF5');
    expect(labelTypeFromSourceText(undefined)).toBeUndefined();
  });

  it('maps ZXing-C++ formats both ways', () => {
    expect(toZxingFormats(['CODE_39', 'QR_CODE'])).toEqual(['Code39', 'PZN', 'Code32', 'QRCode']);
    expect(fromZxingFormat('DataBarExp')).toBe('RSS_EXPANDED');
    expect(fromZxingFormat('PZN')).toBe('CODE_39');
    expect(fromZxingFormat('MicroQRCode')).toBeUndefined();
  });
});
