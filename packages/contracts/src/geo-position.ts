import { z } from './zod';

/** docs/spec.md §9: a location lookup waits 20 seconds at most and asks for high accuracy. */
export const GEO_LOOKUP = { timeoutMs: 20_000, enableHighAccuracy: true } as const;

/**
 * docs/spec.md §3 geo position: gpslaenge (longitude) and gpsbreite (latitude) in degrees, gpshoehe (altitude) in
 * metres, genauigkeit and genauigkeithoehe (accuracy of the position and the altitude) in metres, richtung
 * (heading) in degrees from north, geschwindigkeit (speed) in metres per second. What a device does not
 * measure is null.
 */
export const GEO_MSG = { invalid: 'Der Standort ist ungültig' } as const;

// Finite numbers only (NaN and ±Infinity are no position), each bounded to what the globe and a device allow.
const measure = (min: number, max: number) =>
  z
    .number({ error: GEO_MSG.invalid })
    .finite({ error: GEO_MSG.invalid })
    .min(min, { error: GEO_MSG.invalid })
    .max(max, {
      error: GEO_MSG.invalid,
    });

export const geoPositionSchema = z.strictObject(
  {
    gpslaenge: measure(-180, 180),
    gpsbreite: measure(-90, 90),
    gpshoehe: measure(-20_000, 100_000).nullable(),
    genauigkeit: measure(0, 1e7),
    genauigkeithoehe: measure(0, 1e7).nullable(),
    richtung: measure(0, 360).nullable(),
    geschwindigkeit: measure(0, 1e4).nullable(),
  },
  { error: GEO_MSG.invalid },
);
export type GeoPosition = z.infer<typeof geoPositionSchema>;

/** docs/spec.md §3: the map link is built from latitude and longitude (OpenStreetMap). */
export function geoMapLink(position: Pick<GeoPosition, 'gpsbreite' | 'gpslaenge'>): string {
  const lat = position.gpsbreite.toFixed(6);
  const lon = position.gpslaenge.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}
