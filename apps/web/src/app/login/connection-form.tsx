import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConnectionInput, DEFAULT_BASE_PATH, DEFAULT_PORT, normaliseConnection } from '../../lib/connections';

interface Props {
  initial?: ConnectionInput;
  onSave: (input: ConnectionInput) => void;
  onCancel: () => void;
}

/** Add or edit one connection: name optional, host, port, base path (docs/spec.md §2). */
export function ConnectionForm({ initial, onSave, onCancel }: Props) {
  const { t } = useTranslation(['auth', 'common']);
  const [name, setName] = useState(initial?.name ?? '');
  const [host, setHost] = useState(initial?.host ?? '');
  const [port, setPort] = useState<number | string>(initial?.port ?? DEFAULT_PORT);
  const [basePath, setBasePath] = useState(initial?.basePath ?? DEFAULT_BASE_PATH);
  const normalised = normaliseConnection({ name, host, port: Number(port), basePath });

  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (normalised) onSave(normalised);
      }}
    >
      <TextInput label={t('connections.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <TextInput
        label={t('connections.host')}
        value={host}
        onChange={(e) => setHost(e.currentTarget.value)}
        autoCapitalize="none"
        required
      />
      <NumberInput label={t('connections.port')} value={port} onChange={setPort} min={1} max={65535} required />
      <TextInput
        label={t('connections.basePath')}
        value={basePath}
        onChange={(e) => setBasePath(e.currentTarget.value)}
        required
      />
      {host !== '' && !normalised && (
        <Text c="red" size="sm" role="alert">
          {t('connections.invalid')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={!normalised}>
          {t('common:save')}
        </Button>
      </Group>
    </Stack>
  );
}
