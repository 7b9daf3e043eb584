import { describe, expect, it } from 'vitest';
import { captureExportInputSchema } from './captures';
import { GEO_MSG, geoMapLink, geoPositionSchema } from './geo-position';

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

  const fix = {
    gpslaenge: 13.405,
    gpsbreite: 52.52,
    gpshoehe: 34,
    genauigkeit: 12,
    genauigkeithoehe: 3,
    richtung: 90,
    geschwindigkeit: 1.5,
  };

  it.each([
    ['latitude NaN', { gpsbreite: Number.NaN }],
    ['longitude Infinity', { gpslaenge: Number.POSITIVE_INFINITY }],
    ['accuracy -Infinity', { genauigkeit: Number.NEGATIVE_INFINITY }],
    ['speed NaN', { geschwindigkeit: Number.NaN }],
    ['latitude below -90', { gpsbreite: -90.0001 }],
    ['longitude above 180', { gpslaenge: 180.5 }],
    ['longitude below -180', { gpslaenge: -181 }],
    ['negative accuracy', { genauigkeit: -1 }],
    ['heading below 0', { richtung: -0.1 }],
    ['heading above 360', { richtung: 360.1 }],
    ['negative speed', { geschwindigkeit: -2 }],
    ['latitude as text', { gpsbreite: '52.5' }],
    ['accuracy missing', { genauigkeit: undefined }],
    ['an extra field', { quelle: 'gps' }],
  ])('refuses %s with a German message', (_name, change) => {
    const parsed = geoPositionSchema.safeParse({ ...fix, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(GEO_MSG.invalid);
  });

  it('takes the edges of the globe and null for what the device does not measure', () => {
    for (const edge of [
      { gpsbreite: 90, gpslaenge: 180, richtung: 360 },
      { gpsbreite: -90, gpslaenge: -180, richtung: 0, genauigkeit: 0, geschwindigkeit: 0 },
      { gpshoehe: null, genauigkeithoehe: null, richtung: null, geschwindigkeit: null },
    ]) {
      expect(geoPositionSchema.safeParse({ ...fix, ...edge }).success).toBe(true);
    }
  });

  it('an export carries the position or none', () => {
    expect(captureExportInputSchema.safeParse({}).success).toBe(true);
    expect(captureExportInputSchema.safeParse({ edi: true, position: fix }).success).toBe(true);
    expect(captureExportInputSchema.safeParse({ position: { ...fix, gpsbreite: 91 } }).success).toBe(false);
  });
});
