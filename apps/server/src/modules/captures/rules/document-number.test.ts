import { describe, expect, it } from 'vitest';
import { formatDocumentNumber } from './document-number';

describe('formatDocumentNumber', () => {
  it('pads to six digits with the module prefix', () => {
    expect(formatDocumentNumber('BV', 2026, 123)).toBe('BV-2026-000123');
    expect(formatDocumentNumber('IN', 2027, 1)).toBe('IN-2027-000001');
  });
});
