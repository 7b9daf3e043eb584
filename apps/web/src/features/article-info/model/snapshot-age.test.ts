import { describe, expect, it } from 'vitest';
import { snapshotAge } from './snapshot-age';

const now = new Date('2026-11-21T12:00:00Z');

describe('snapshot age', () => {
  it('picks the coarsest unit that fits', () => {
    expect(snapshotAge('2026-11-21T11:59:30Z', now)).toEqual({ unit: 'now' });
    expect(snapshotAge('2026-11-21T11:15:00Z', now)).toEqual({ unit: 'minutes', value: 45 });
    expect(snapshotAge('2026-11-20T09:00:00Z', now)).toEqual({ unit: 'hours', value: 27 });
    expect(snapshotAge('2026-11-17T12:00:00Z', now)).toEqual({ unit: 'days', value: 4 });
  });

  it('treats a snapshot from the future (clock skew) as now', () => {
    expect(snapshotAge('2026-11-21T12:05:00Z', now)).toEqual({ unit: 'now' });
  });
});
