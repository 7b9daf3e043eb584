import { describe, expect, it } from 'vitest';
import { isBlindCount, toleranceOf } from './goods-receipt-check';
import type { ModuleConfig } from './module-config';

const exact = { percent: 0, absolute: 0 };
const config = (properties: Record<string, string>): ModuleConfig => ({
  modules: [{ module: 'mde-warenverprobung', properties }],
});

describe('module config', () => {
  it('counts blind for a goods receipt and openly for an order unless configured', () => {
    expect(isBlindCount(undefined, 'WARENUEBERNAHME')).toBe(true);
    expect(isBlindCount(undefined, 'BESTELLUNG')).toBe(false);
    expect(isBlindCount(config({ BLINDZAEHLUNG_WARENUEBERNAHME: 'false' }), 'WARENUEBERNAHME')).toBe(false);
    expect(isBlindCount(config({ BLINDZAEHLUNG_BESTELLUNG: 'true' }), 'BESTELLUNG')).toBe(true);
  });

  it('reads the tolerance, a decimal comma included; anything else is exact', () => {
    expect(toleranceOf(config({ TOLERANZ_PROZENT: '2,5', TOLERANZ_MENGE: '1' }))).toEqual({
      percent: 2.5,
      absolute: 1,
    });
    expect(toleranceOf(config({ TOLERANZ_PROZENT: '-3', TOLERANZ_MENGE: 'viel' }))).toEqual(exact);
    expect(toleranceOf(undefined)).toEqual(exact);
  });
});
