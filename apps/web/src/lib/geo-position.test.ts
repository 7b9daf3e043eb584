import { describe, expect, it } from 'vitest';
import { takeGeoPosition, toGeoPosition } from './geo-position';

const coords = {
  latitude: 52.52,
  longitude: 13.405,
  altitude: 34,
  accuracy: 12,
  altitudeAccuracy: 5,
  heading: Number.NaN,
  speed: 0,
};

describe('geo position', () => {
  it("maps the browser's fix to the spec's fields", () => {
    expect(toGeoPosition(coords)).toEqual({
      gpslaenge: 13.405,
      gpsbreite: 52.52,
      gpshoehe: 34,
      genauigkeit: 12,
      genauigkeithoehe: 5,
      richtung: null,
      geschwindigkeit: 0,
    });
  });

  it('asks once with high accuracy and a 20 s timeout', async () => {
    let asked: PositionOptions | undefined;
    const result = await takeGeoPosition({
      getCurrentPosition: (ok, _fail, options) => {
        asked = options;
        ok({ coords, timestamp: 0 } as unknown as GeolocationPosition);
      },
    });
    expect(asked).toMatchObject({ enableHighAccuracy: true, timeout: 20_000 });
    expect(result).toMatchObject({ status: 'ok', position: { gpsbreite: 52.52 } });
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ])('passes failure %i on as %s instead of throwing', async (code, status) => {
    const result = await takeGeoPosition({
      getCurrentPosition: (_ok, fail) => fail?.({ code, message: '' } as GeolocationPositionError),
    });
    expect(result).toEqual({ status });
  });

  it('answers unsupported without a geolocation interface', async () => {
    expect(await takeGeoPosition(undefined)).toEqual({ status: 'unsupported' });
  });
});
