import { GEO_LOOKUP, type GeoPosition } from '@mde/contracts';

export type GeoFailure = 'denied' | 'timeout' | 'unavailable' | 'unsupported';
export type GeoLookup = { status: 'ok'; position: GeoPosition } | { status: GeoFailure };

type Coordinates = Pick<
  GeolocationCoordinates,
  'latitude' | 'longitude' | 'altitude' | 'accuracy' | 'altitudeAccuracy' | 'heading' | 'speed'
>;

const finite = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v);

/** The browser's fix in the spec's fields (docs/spec.md §3); a heading while standing still (NaN) is no heading. */
export function toGeoPosition(c: Coordinates): GeoPosition {
  return {
    gpslaenge: c.longitude,
    gpsbreite: c.latitude,
    gpshoehe: finite(c.altitude),
    genauigkeit: c.accuracy,
    genauigkeithoehe: finite(c.altitudeAccuracy),
    richtung: finite(c.heading),
    geschwindigkeit: finite(c.speed),
  };
}

const failureOf = (code: number): GeoFailure => (code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable');

/**
 * Takes the device's position once (docs/spec.md §9: 20 s at most, high accuracy). A failure is passed on as a
 * value (docs/spec.md §8), never thrown: a denied or slow location must not hold up the work that wanted it.
 */
export function takeGeoPosition(
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<GeoLookup> {
  if (!geolocation) return Promise.resolve({ status: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (fix) => resolve({ status: 'ok', position: toGeoPosition(fix.coords) }),
      (error) => resolve({ status: failureOf(error.code) }),
      { enableHighAccuracy: GEO_LOOKUP.enableHighAccuracy, timeout: GEO_LOOKUP.timeoutMs, maximumAge: 0 },
    );
  });
}
