import { z } from './zod';

/** Spec §9: a location lookup waits 20 seconds at most and asks for high accuracy. */
export const GEO_LOOKUP = { timeoutMs: 20_000, enableHighAccuracy: true } as const;

/**
 * Spec §3 geo position: gpslaenge (longitude) and gpsbreite (latitude) in degrees, gpshoehe (altitude) in
 * metres, genauigkeit and genauigkeithoehe (accuracy of the position and the altitude) in metres, richtung
 * (heading) in degrees from north, geschwindigkeit (speed) in metres per second. What a device does not
 * measure is null.
 */
export const geoPositionSchema = z.strictObject({
  gpslaenge: z.number().min(-180).max(180),
  gpsbreite: z.number().min(-90).max(90),
  gpshoehe: z.number().min(-20_000).max(100_000).nullable(),
  genauigkeit: z.number().min(0).max(1e7),
  genauigkeithoehe: z.number().min(0).max(1e7).nullable(),
  richtung: z.number().min(0).max(360).nullable(),
  geschwindigkeit: z.number().min(0).max(1e4).nullable(),
});
export type GeoPosition = z.infer<typeof geoPositionSchema>;

/** Spec §3: the map link is built from latitude and longitude (OpenStreetMap). */
export function geoMapLink(position: Pick<GeoPosition, 'gpsbreite' | 'gpslaenge'>): string {
  const lat = position.gpsbreite.toFixed(6);
  const lon = position.gpslaenge.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}
