import type { WedgeScan } from './wedge-detector';

/** Median and largest gap between keys of a wedge scan, rounded to 0.1 ms (scanner test page). */
export function gapStats(scan: WedgeScan): { median: number; max: number } {
  const gaps = scan.keys
    .slice(1)
    .map((k) => k.dt)
    .sort((a, b) => a - b);
  if (gaps.length === 0) return { median: 0, max: 0 };
  const mid = gaps.length >> 1;
  const median = gaps.length % 2 ? (gaps[mid] ?? 0) : ((gaps[mid - 1] ?? 0) + (gaps[mid] ?? 0)) / 2;
  return { median: Math.round(median * 10) / 10, max: Math.round((gaps[gaps.length - 1] ?? 0) * 10) / 10 };
}
