import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  firmas: { id: number; name: string }[];
  value: number | undefined;
  onChange: (firma: number) => void;
}

/** The firma an admin section works on; shown only to an admin who holds more than one. */
export function FirmaPicker({ firmas, value, onChange }: Props) {
  const { t } = useTranslation('administration');
  if (firmas.length < 2) return null;
  return (
    <Select
      label={t('firma')}
      data={firmas.map((f) => ({ value: String(f.id), label: `${f.id} – ${f.name}` }))}
      value={value === undefined ? null : String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      maw={360}
    />
  );
}
