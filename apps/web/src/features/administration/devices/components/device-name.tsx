import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type AdminDevice, DEVICE_NAME_MAX } from '@mde/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { notifySuccess } from '../../../../lib/notify';
import { deviceKeys, renameAdminDevice } from '../api/devices';

/** A device's name, and the admin's pencil to give it one of their own (empty: the device's own name again). */
export function DeviceName({ device }: { device: AdminDevice }) {
  const { t } = useTranslation('admin-devices');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (name: string) => renameAdminDevice(device.deviceId, name),
    onSuccess: async () => {
      setDraft(null);
      notifySuccess(t('renamed'));
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
  if (draft === null)
    return (
      <Group gap={4} wrap="nowrap" align="center">
        <Text fw={600} data-testid="device-name" style={{ overflowWrap: 'anywhere' }}>
          {device.name}
        </Text>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('rename', { name: device.name })}
          onClick={() => setDraft(device.adminName ?? device.name)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Group>
    );
  const error = rename.error instanceof ApiError ? rename.error.message : rename.error ? String(rename.error) : null;
  return (
    <Stack
      gap={4}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(draft.trim());
      }}
    >
      <TextInput
        label={t('nameLabel')}
        description={t('nameHint')}
        value={draft}
        maxLength={DEVICE_NAME_MAX}
        onChange={(e) => setDraft(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group gap="xs">
        <Button type="submit" size="compact-md" loading={rename.isPending}>
          {t('save')}
        </Button>
        <Button variant="default" size="compact-md" onClick={() => setDraft(null)}>
          {t('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
