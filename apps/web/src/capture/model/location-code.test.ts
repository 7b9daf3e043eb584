import { describe, expect, it } from 'vitest';
import { locationOfCode } from './location-code';

const locations = [
  { code: '01-03-2', name: 'Gang 01, Regal 03, Ebene 2', barcode: 'LP00001011' },
  { code: '02-01-1', name: 'Gang 02, Regal 01, Ebene 1', barcode: null },
];

describe('locationOfCode', () => {
  it('finds a location by its shelf-label barcode or its printed code, whatever the case or symbology prefix', () => {
    expect(locationOfCode('LP00001011', locations)?.code).toBe('01-03-2');
    expect(locationOfCode(']C1lp00001011', locations)?.code).toBe('01-03-2');
    expect(locationOfCode(' 02-01-1 ', locations)?.code).toBe('02-01-1');
  });

  it('names no location for an article code or an empty scan', () => {
    expect(locationOfCode('4006381333931', locations)).toBeUndefined();
    expect(locationOfCode('  ', locations)).toBeUndefined();
    expect(locationOfCode('LP00001011', [])).toBeUndefined();
  });
});
