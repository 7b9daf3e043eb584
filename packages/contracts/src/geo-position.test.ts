import { describe, expect, it } from 'vitest';
import { geoMapLink, geoPositionSchema } from './geo-position';

describe('geo position', () => {
  it('builds the OpenStreetMap link from latitude and longitude', () => {
    expect(geoMapLink({ gpsbreite: 52.52, gpslaenge: 13.405 })).toBe(
      'https://www.openstreetmap.org/?mlat=52.520000&mlon=13.405000#map=18/52.520000/13.405000',
    );
  });

  it('accepts what a device measures and refuses coordinates off the globe', () => {
    const position = {
      gpslaenge: 13.405,
      gpsbreite: 52.52,
      gpshoehe: null,
      genauigkeit: 12,
      genauigkeithoehe: null,
      richtung: null,
      geschwindigkeit: null,
    };
    expect(geoPositionSchema.safeParse(position).success).toBe(true);
    expect(geoPositionSchema.safeParse({ ...position, gpsbreite: 91 }).success).toBe(false);
    expect(geoPositionSchema.safeParse({ ...position, richtung: 400 }).success).toBe(false);
  });
});
