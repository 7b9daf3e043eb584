import { Anchor, Table } from '@mantine/core';
import { type GeoPosition, geoMapLink } from '@mde/contracts';
import { useTranslation } from 'react-i18next';

const number = (digits: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits });
const FIELDS: { key: keyof GeoPosition; unit: string; digits: number }[] = [
  { key: 'gpsbreite', unit: '°', digits: 6 },
  { key: 'gpslaenge', unit: '°', digits: 6 },
  { key: 'gpshoehe', unit: ' m', digits: 1 },
  { key: 'genauigkeit', unit: ' m', digits: 1 },
  { key: 'genauigkeithoehe', unit: ' m', digits: 1 },
  { key: 'richtung', unit: '°', digits: 0 },
  { key: 'geschwindigkeit', unit: ' m/s', digits: 1 },
];

/** docs/spec.md §3 geo position: its fields and the map link built from latitude and longitude. */
export function GeoPositionView({ position }: { position: GeoPosition }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Table data-testid="geo-position" withRowBorders={false}>
        <Table.Tbody>
          {FIELDS.map(({ key, unit, digits }) => {
            const value = position[key];
            return (
              <Table.Tr key={key}>
                <Table.Th>{t(`location.${key}`)}</Table.Th>
                <Table.Td>{value === null ? t('location.unknown') : `${number(digits).format(value)}${unit}`}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Anchor href={geoMapLink(position)} target="_blank" rel="noopener noreferrer">
        {t('location.mapLink')}
      </Anchor>
    </>
  );
}
