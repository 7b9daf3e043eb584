import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AssignmentInput, InputIssues } from '../model/assignment-form';

interface Props {
  value: AssignmentInput;
  issues: InputIssues;
  onChange: (next: AssignmentInput) => void;
}

const FIELDS = [
  ['quantity', 'product.quantity'],
  ['minQuantity', 'product.min'],
  ['maxQuantity', 'product.max'],
] as const;

/** Quantity, minimum and maximum of one assignment (decimal keypad on handhelds). */
export function AssignmentForm({ value, issues, onChange }: Props) {
  const { t } = useTranslation('storage-locations');
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      {FIELDS.map(([field, label]) => (
        <TextInput
          key={field}
          label={t(label)}
          aria-label={t(label)}
          inputMode="decimal"
          size="lg"
          value={value[field]}
          error={issues[field]}
          maxLength={20}
          onChange={(e) => onChange({ ...value, [field]: e.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}
