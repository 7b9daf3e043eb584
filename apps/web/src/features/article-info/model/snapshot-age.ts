import { differenceInMinutes, parseISO } from 'date-fns';

export type SnapshotAge = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; value: number };

/** How old an offline answer is ('Stand: …'), in the coarsest unit that fits. */
export function snapshotAge(snapshotAt: string, now: Date): SnapshotAge {
  const minutes = Math.max(0, differenceInMinutes(now, parseISO(snapshotAt)));
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', value: Math.floor(minutes / 60) };
  return { unit: 'days', value: Math.floor(minutes / (24 * 60)) };
}
