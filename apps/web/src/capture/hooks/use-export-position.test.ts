import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedPosition } from './use-export-position';

const POSITION = {
  gpslaenge: 13.405,
  gpsbreite: 52.52,
  gpshoehe: null,
  genauigkeit: 12,
  genauigkeithoehe: null,
  richtung: null,
  geschwindigkeit: null,
};

afterEach(() => vi.useRealTimers());

describe('the position an export records', () => {
  it('is the device fix when the lookup succeeds', async () => {
    expect(await boundedPosition(async () => ({ status: 'ok', position: POSITION }))).toEqual(POSITION);
  });

  it.each(['denied', 'timeout', 'unavailable', 'unsupported'] as const)('is none when the lookup is %s', async (s) => {
    expect(await boundedPosition(async () => ({ status: s }))).toBeNull();
  });

  it('a lookup that never answers (a permission prompt left open) ends after 20 s without a position', async () => {
    vi.useFakeTimers();
    let settled = false;
    const answer = boundedPosition(() => new Promise(() => {})).then((p) => {
      settled = true;
      return p;
    });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBeNull();
  });
});
