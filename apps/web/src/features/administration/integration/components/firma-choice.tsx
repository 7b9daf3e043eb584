import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The admin's firmas: a key or webhook is made for some of them only. */
  firmas: { id: number; name: string }[];
  value: number[];
  onChange: (firmas: number[]) => void;
  error?: string | undefined;
}

/** The firmas a new key or webhook is for; an admin of one firma finds it ticked already. */
export function FirmaChoice({ firmas, value, onChange, error }: Props) {
  const { t } = useTranslation('admin-integration');
  return (
    <Checkbox.Group
      label={t('firmas')}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
    >
      <Group gap="sm" mt={4}>
        {firmas.map((f) => (
          <Checkbox key={f.id} value={String(f.id)} label={`${f.id} – ${f.name}`} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** What the choice starts with: the one firma of an admin who holds only one, otherwise none. */
export const initialFirmas = (firmas: { id: number }[]) => (firmas.length === 1 ? firmas.map((f) => f.id) : []);
