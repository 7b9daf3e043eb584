import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntryAction, EntryForm } from '../model/entry-form';

/** Batch and best-before date, on modules whose lines carry them; a GS1 code fills both. */
export function EntryBatch({ form, dispatch }: { form: EntryForm; dispatch: (action: EntryAction) => void }) {
  const { t } = useTranslation('capture');
  return (
    <Group align="flex-start" grow>
      <TextInput
        label={t('article.batch')}
        aria-label={t('article.batch')}
        value={form.fields.batch}
        maxLength={20}
        error={form.problems.batch}
        onChange={(e) => dispatch({ type: 'edit', field: 'batch', value: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('article.bestBefore')}
        aria-label={t('article.bestBefore')}
        value={form.fields.bestBefore}
        error={form.problems.bestBefore}
        onChange={(e) => dispatch({ type: 'edit', field: 'bestBefore', value: e.currentTarget.value })}
      />
    </Group>
  );
}
