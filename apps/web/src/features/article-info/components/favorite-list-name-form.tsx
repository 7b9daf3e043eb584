import { Button, Group, TextInput } from '@mantine/core';
import { favoriteListNameSchema } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Name of a favorite list (create or rename); the contract's rule decides what is valid. */
export function FavoriteListNameForm({
  initial = '',
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial?: string;
  submitLabel: string;
  pending: boolean;
  error?: string | null;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation('article-info');
  const [name, setName] = useState(initial);
  const parsed = favoriteListNameSchema.safeParse(name);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) onSubmit(parsed.data);
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={t('favorites.name')}
          placeholder={t('favorites.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error ?? undefined}
          data-autofocus
        />
        <Button type="submit" disabled={!parsed.success} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
