import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../../lib/api-client';
import { checkFields, type FieldProblems } from '../../../../lib/field-problems';
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
  const [values, setValues] = useState<Record<string, string>>(defaults);
  // A field says what is wrong once it was left or the form was sent, not while it is first typed.
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // The server's messages (a taken number), each at its field until that field changes.
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const checked = checkFields(schema, values);
  const errorOf = (name: string) =>
    serverProblems[name] ?? (!checked.ok && touched[name] ? checked.problems[name] : undefined);
  const field = (name: string) => ({
    value: values[name] ?? '',
    error: errorOf(name),
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((was) => ({ ...was, [name]: value }));
      setServerProblems(({ [name]: _gone, ...rest }) => rest);
    },
    onBlur: () => setTouched((was) => ({ ...was, [name]: true })),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checked.ok) {
      setTouched(Object.fromEntries(fields.map((f) => [f.name, true])));
      return;
    }
    try {
      await save.mutateAsync({ endpoint, body: { ...checked.data, ...extra } });
      notifySuccess(t('saved'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const known = Object.entries(error.fields).filter(([name]) => fields.some((f) => f.name === name));
      setServerProblems(Object.fromEntries(known));
      if (known.length === 0) notifyError(error.message);
      if (error.code === 'EDITED_MEANWHILE') onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {fields.map((f) =>
            f.options ? (
              <NativeSelect key={f.name} label={f.label} data={f.options} {...field(f.name)} />
            ) : (
              <TextInput key={f.name} label={f.label} {...field(f.name)} />
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
