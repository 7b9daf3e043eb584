import { describe, expect, it } from 'vitest';
import { isDroppableImage, shortenFileName, validatePick } from './file-rules';

const file = (name: string, type = 'image/png') => new File(['x'], name, { type });

describe('image picking (spec §5, §9)', () => {
  it('accepts exactly one .jpg/.jpeg/.png/.gif', () => {
    for (const n of ['a.jpg', 'b.JPEG', 'c.png', 'd.gif']) expect(validatePick([file(n)]).ok).toBe(true);
    expect(validatePick([file('a.bmp')])).toEqual({ ok: false, message: 'No or too many files chosen' });
    expect(validatePick([file('a.png'), file('b.png')])).toEqual({ ok: false, message: 'No or too many files chosen' });
    expect(validatePick([])).toEqual({ ok: false, message: 'No files chosen' });
    expect(validatePick(null)).toEqual({ ok: false, message: 'No files chosen' });
  });

  it('accepts only image drops', () => {
    expect(isDroppableImage(file('a.png'))).toBe(true);
    expect(isDroppableImage(file('a.pdf', 'application/pdf'))).toBe(false);
  });

  it('shortens names over 20 characters to first 8 and last 8', () => {
    expect(shortenFileName('short.png')).toBe('short.png');
    expect(shortenFileName('12345678901234567890')).toBe('12345678901234567890');
    expect(shortenFileName('IMG_20250101_123456789.jpg')).toBe('IMG_2025...6789.jpg');
  });
});
