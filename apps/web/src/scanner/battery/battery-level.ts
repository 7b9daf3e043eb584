import { BATTERY_THRESHOLDS } from '../settings/constants';

export type BatteryColor = 'orange' | 'red' | null;

/**
 * docs/spec.md §4: orange below 20 %, otherwise hidden. The red steps at 10 and 5 % exist in the original but are
 * unreachable because the first check (below 20) wins; kept that way deliberately.
 */
export function batteryColor(levelPercent: number | null): BatteryColor {
  if (levelPercent === null) return null;
  const [warn, low, critical] = BATTERY_THRESHOLDS;
  if (levelPercent < warn) return 'orange';
  if (levelPercent < low || levelPercent < critical) return 'red';
  return null;
}
