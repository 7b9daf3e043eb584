import { describe, expect, it } from 'vitest';
import { parseDateEntry } from './date-entry';

describe('date entry as the app shows dates (dd.MM.yy)', () => {
  it('takes dd.MM.yy, d.M.yy, dd.MM.yyyy and the number pad form', () => {
    expect(parseDateEntry('26.11.26')).toBe('2026-11-26');
    expect(parseDateEntry('1.2.27')).toBe('2027-02-01');
    expect(parseDateEntry('26.11.2026')).toBe('2026-11-26');
    expect(parseDateEntry('261126')).toBe('2026-11-26');
    expect(parseDateEntry(' 26112026 ')).toBe('2026-11-26');
  });
  it('takes the ISO form of a stored or pasted value', () => {
    expect(parseDateEntry('2026-11-26')).toBe('2026-11-26');
  });
  it('refuses what is no day of the calendar', () => {
    for (const bad of [
      '',
      '31.11.26',
      '29.02.27',
      '00.01.26',
      '12.13.26',
      '2026-02-30',
      'morgen',
      '1.1.0000',
      '26.11.',
    ]) {
      expect(parseDateEntry(bad), bad).toBeNull();
    }
    expect(parseDateEntry('29.02.28')).toBe('2028-02-29');
  });
});
