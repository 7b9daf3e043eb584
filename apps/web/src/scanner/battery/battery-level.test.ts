import { describe, expect, it } from 'vitest';
import { batteryColor } from './battery-level';

describe('battery icon (spec §4)', () => {
  it('is orange below 20 % and hidden otherwise; red steps are unreachable', () => {
    expect(batteryColor(null)).toBeNull();
    expect(batteryColor(100)).toBeNull();
    expect(batteryColor(20)).toBeNull();
    expect(batteryColor(19)).toBe('orange');
    expect(batteryColor(9)).toBe('orange');
    expect(batteryColor(4)).toBe('orange');
  });
});
