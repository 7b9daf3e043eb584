import { Select } from '@mantine/core';
import { RETURN_REASONS } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import type { EntryAction, EntryForm } from '../model/entry-form';

/** Retouren: the reason of the line (docs/modules.md#retouren), required. */
export function EntryReason({ form, dispatch }: { form: EntryForm; dispatch: (action: EntryAction) => void }) {
  const { t } = useTranslation('capture');
  return (
    <Select
      label={t('article.reason')}
      aria-label={t('article.reason')}
      placeholder={t('article.reasonPlaceholder')}
      data={[...RETURN_REASONS]}
      value={form.fields.reason}
      error={form.problems.reason}
      onChange={(value) => value && dispatch({ type: 'edit', field: 'reason', value })}
      // A reason is required: picking the chosen one again keeps it (Mantine would clear it, and the save
      // then refused the line with 'Bitte wählen Sie einen Rückgabegrund').
      allowDeselect={false}
      required
      // Drawn when it opens, not with the sheet a scan waits for (as the unit's list, entry-quantity.tsx).
      comboboxProps={{ keepMounted: false }}
    />
  );
}
