import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { type StoresEndpoint, useSaveOrg } from '../api/stores-api';

export interface OrgField {
  name: string;
  label: string;
  options?: { value: string; label: string }[];
}

interface Props {
  title: string;
  fields: OrgField[];
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  defaults: Record<string, string>;
  /** Sent with the form's values: the firma of a new row, the version an edit is based on. */
  extra?: Record<string, unknown>;
  endpoint: StoresEndpoint;
  onClose: () => void;
}

/**
 * One create/edit dialog for accounts, stores, warehouses and storage locations: the contract's schema checks
 * the fields; the server's field messages (a taken number) land at their field; an edit based on an older
 * version closes with the German message and the lists reload.
 */
export function OrgDialog({ title, fields, schema, defaults, extra = {}, endpoint, onClose }: Props) {
  const { t } = useTranslation('admin-stores');
  const save = useSaveOrg();
  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ endpoint, body: { ...values, ...extra } });
      notifySuccess(t('saved'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const known = Object.entries(error.fields).filter(([name]) => fields.some((f) => f.name === name));
      for (const [name, message] of known) form.setError(name, { message });
      if (known.length === 0) notifyError(error.message);
      if (error.code === 'EDITED_MEANWHILE') onClose();
    }
  });
  const errorOf = (name: string) => form.formState.errors[name]?.message as string | undefined;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {fields.map((f) =>
            f.options ? (
              <NativeSelect
                key={f.name}
                label={f.label}
                data={f.options}
                error={errorOf(f.name)}
                {...form.register(f.name)}
              />
            ) : (
              <TextInput key={f.name} label={f.label} error={errorOf(f.name)} {...form.register(f.name)} />
            ),
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
